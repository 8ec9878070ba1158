// @vitest-environment happy-dom
// Proves the notice modal: it shows until closed; "do not show again for a day" hides it for
// exactly 24 hours (kept in localStorage), while a plain close hides it for this visit only.
import '../../test-support/dom-environment.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { beforeAll, expect, test } from 'vitest';
import { startI18n } from '../../test-support/render-app.tsx';
import { UiProviders } from '../../ui-providers.tsx';
import { noticeSnoozeMs } from './notice-atoms.ts';
import { NoticeModal } from './notice-modal.tsx';

beforeAll(() => startI18n('en-US'));

const start = Date.UTC(2026, 2, 18, 9);

function renderNotice(now: number) {
  return render(
    <JotaiProvider store={createStore()}>
      <UiProviders>
        <NoticeModal now={() => now} />
      </UiProviders>
    </JotaiProvider>,
  );
}

test('snoozing hides the notice for a day, then it returns', async () => {
  const first = renderNotice(start);
  const dialog = await screen.findByRole('dialog', { name: 'Notice' });
  fireEvent.click(within(dialog).getByLabelText('Do not show again for a day'));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(JSON.parse(localStorage.getItem('notice-hidden-until') ?? '0')).toBe(
    start + noticeSnoozeMs,
  );
  first.unmount();

  const later = renderNotice(start + noticeSnoozeMs - 1);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByRole('dialog')).toBeNull();
  later.unmount();

  renderNotice(start + noticeSnoozeMs);
  expect(await screen.findByRole('dialog', { name: 'Notice' })).toBeDefined();
});

test('a plain close does not remember anything', async () => {
  renderNotice(start);
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(localStorage.getItem('notice-hidden-until')).toBeNull();
});
