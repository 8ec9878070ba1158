import { notifications } from '@mantine/notifications';
import { failureMessage } from './failure-message.ts';

/** SPEC §9: toasts stay 5000 ms and appear top-center (the provider is set up in app.tsx). */
export const toastSettings = { autoCloseMs: 5_000, position: 'top-center' } as const;

export function showErrorToast(message: string): void {
  notifications.show({ color: 'red', message, autoClose: toastSettings.autoCloseMs });
}

export function showSuccessToast(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: toastSettings.autoCloseMs });
}

/** Shows a failed call's message in a toast (SPEC §8). */
export function toastFailure(error: unknown): void {
  showErrorToast(failureMessage(error));
}
