import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjsLocale } from './i18n/dayjs-locales.ts';
import { localeAtom } from './i18n/locale-atom.ts';
import { firstDayOfWeek } from './i18n/locales.ts';
import { theme } from './theme.ts';
import { toastSettings } from './ui-kit/toasts.ts';

/**
 * Mantine with the theme, the date pickers in the active locale, toasts (SPEC §9: 5000 ms,
 * top-center) and the dialog manager with the confirm/cancel labels.
 */
export function UiProviders({ children }: { children: ReactNode }) {
  const { t } = useTranslation('kit');
  const locale = useAtomValue(localeAtom);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <DatesProvider
        settings={{ locale: dayjsLocale(locale), firstDayOfWeek: firstDayOfWeek(locale) }}
      >
        <Notifications
          position={toastSettings.position}
          autoClose={toastSettings.autoCloseMs}
          pauseResetOnHover="notification"
        />
        <ModalsProvider labels={{ confirm: t('dialog.confirm'), cancel: t('dialog.cancel') }}>
          {children}
        </ModalsProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
