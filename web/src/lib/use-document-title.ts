import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to "page name | product title" (SPEC §2). */
export function useDocumentTitle(pageName: string) {
  const { t } = useTranslation();
  const productTitle = t('app.title');
  useEffect(() => {
    document.title = `${pageName} | ${productTitle}`;
  }, [pageName, productTitle]);
}
