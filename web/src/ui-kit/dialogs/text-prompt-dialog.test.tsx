// @vitest-environment happy-dom
// Proves the row-action text dialog of the UI kit: confirm stays disabled until something other
// than spaces is typed, confirm hands over the trimmed text, cancel closes without it, and the
// action's failure is shown.
import '../../test-support/dom-environment.ts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { useState } from 'react';
import { beforeAll, expect, test } from 'vitest';
import { startI18n } from '../../test-support/render-app.tsx';
import { UiProviders } from '../../ui-providers.tsx';
import { TextPromptDialog } from './text-prompt-dialog.tsx';

beforeAll(() => startI18n('en-US'));

function Prompt(props: { submitted: string[]; error?: unknown }) {
  const [opened, setOpened] = useState(true);
  const [text, setText] = useState('');
  return (
    <TextPromptDialog
      opened={opened}
      onClose={() => setOpened(false)}
      title="Reject the request"
      notice="The member sees the reason."
      label="Reason"
      value={text}
      onChange={setText}
      error={props.error}
      cancelLabel="Cancel"
      confirmLabel="Confirm"
      onSubmit={(value) => props.submitted.push(value)}
    />
  );
}

function renderPrompt(submitted: string[], error?: unknown) {
  render(
    <JotaiProvider store={createStore()}>
      <UiProviders>
        <Prompt submitted={submitted} error={error} />
      </UiProviders>
    </JotaiProvider>,
  );
  return within(screen.getByRole('dialog', { name: 'Reject the request' }));
}

test('confirm waits for a text and hands it over trimmed; cancel closes', async () => {
  const submitted: string[] = [];
  const dialog = renderPrompt(submitted);
  expect(dialog.getByText('The member sees the reason.')).toBeDefined();
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  const reason = dialog.getByRole('textbox', { name: /Reason/ });
  fireEvent.change(reason, { target: { value: '   ' } });
  expect(confirm.hasAttribute('disabled')).toBe(true);
  fireEvent.change(reason, { target: { value: '  wrong name  ' } });
  expect(confirm.hasAttribute('disabled')).toBe(false);
  fireEvent.click(confirm);
  expect(submitted).toEqual(['wrong name']);
  fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
  expect(submitted).toEqual(['wrong name']);
});

test("the action's failure is shown in the dialog", async () => {
  const dialog = renderPrompt([], new Error('boom'));
  expect(dialog.getByRole('alert')).toBeDefined();
});
