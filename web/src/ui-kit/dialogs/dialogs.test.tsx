// @vitest-environment happy-dom
// Proves the dialogs of the UI kit: confirm/cancel resolve true/false with the SPEC §9 buttons, and
// the verification-phrase dialog keeps its confirm button disabled until the displayed phrase is
// typed exactly, resolving false when cancelled.
import '../../test-support/dom-environment.ts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { beforeAll, expect, test } from 'vitest';
import { startI18n } from '../../test-support/render-app.tsx';
import { UiProviders } from '../../ui-providers.tsx';
import { confirmAction } from './confirm-dialog.tsx';
import { makeVerificationPhrase } from './verification-phrase.ts';
import { confirmWithPhrase } from './verification-phrase-dialog.tsx';

beforeAll(() => startI18n('en-US'));

function renderProviders() {
  render(
    <JotaiProvider store={createStore()}>
      <UiProviders>{null}</UiProviders>
    </JotaiProvider>,
  );
}

test('confirm resolves true, cancel resolves false', async () => {
  renderProviders();
  const confirmed = confirmAction({ title: 'Settle', message: 'Settlement is irreversible.' });
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Settlement is irreversible.')).toBeDefined();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  expect(await confirmed).toBe(true);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  const cancelled = confirmAction({ title: 'Settle', message: 'Again?' });
  fireEvent.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
  );
  expect(await cancelled).toBe(false);
});

test('the verification phrase must be typed exactly before confirming', async () => {
  renderProviders();
  const answer = confirmWithPhrase({
    title: 'Force adjustment',
    description: 'Adjusts a balance.',
    phrase: 'K7QM-4TXP',
  });
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('K7QM-4TXP')).toBeDefined();
  const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
  const input = within(dialog).getByLabelText('Type the verification phrase');
  fireEvent.change(input, { target: { value: 'k7qm-4txp' } });
  expect(confirm).toHaveProperty('disabled', true);
  expect(within(dialog).getByText('The phrase does not match.')).toBeDefined();
  fireEvent.change(input, { target: { value: ' K7QM-4TXP ' } });
  expect(confirm).toHaveProperty('disabled', false);
  fireEvent.click(confirm);
  expect(await answer).toBe(true);
});

test('cancelling the verification phrase resolves false', async () => {
  renderProviders();
  const answer = confirmWithPhrase({ title: 'Settle', description: 'Irreversible.' });
  fireEvent.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
  );
  expect(await answer).toBe(false);
});

test('random phrases use an unambiguous alphabet', () => {
  const phrase = makeVerificationPhrase((array) => array.fill(0));
  expect(phrase).toBe('AAAA-AAAA');
  expect(makeVerificationPhrase()).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
});
