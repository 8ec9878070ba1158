import { NativeSelect } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { isLocale, localeNames, locales } from '../../i18n/locales.ts';

const options = locales.map((locale) => ({ value: locale, label: localeNames[locale] }));

/** Picks the language (stored in the locale cookie); server answers are fetched again in it. */
export function LocaleSwitcher() {
  const { t } = useTranslation();
  const [locale, setLocale] = useAtom(localeAtom);
  const queryClient = useQueryClient();
  return (
    <NativeSelect
      aria-label={t('locale.label')}
      size="xs"
      // Never squeezed below its longest name (Tiếng Việt): a narrow header wraps instead.
      miw={112}
      style={{ flexShrink: 0 }}
      data={options}
      value={locale}
      onChange={async (event) => {
        const next = event.currentTarget.value;
        if (!isLocale(next)) return;
        await setLocale(next);
        // Server messages follow Accept-Language.
        await queryClient.invalidateQueries();
      }}
    />
  );
}
