import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18next from 'i18next';

export type ConfirmOptions = {
  title: string;
  message: string;
  /** The confirm button's text; "Confirm" when absent. */
  confirmLabel?: string | undefined;
  /** Red confirm button, for actions that cannot be undone. */
  isDestructive?: boolean | undefined;
};

/**
 * Asks the user to confirm with the two SPEC §9 buttons (confirm and cancel); resolves true on
 * confirm, false on cancel or dismiss.
 */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let isSettled = false;
    const settle = (answer: boolean) => {
      if (isSettled) return;
      isSettled = true;
      resolve(answer);
    };
    modals.openConfirmModal({
      title: options.title,
      centered: true,
      closeButtonProps: { 'aria-label': i18next.t('dialog.close', { ns: 'kit' }) },
      children: <Text size="sm">{options.message}</Text>,
      labels: {
        confirm: options.confirmLabel ?? i18next.t('dialog.confirm', { ns: 'kit' }),
        cancel: i18next.t('dialog.cancel', { ns: 'kit' }),
      },
      confirmProps: options.isDestructive ? { color: 'red' } : {},
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}
