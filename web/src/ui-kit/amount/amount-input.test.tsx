// @vitest-environment happy-dom
// Proves the amount field hands the form canonical decimal strings only: the locale's separators
// are read (vi-VN "1.234,5"), decimals beyond the asset's decimal_point are refused with a message,
// and the value is shown grouped when the field is not being edited.
import '../../test-support/dom-environment.ts';
import { fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { useState } from 'react';
import { beforeAll, expect, test, vi } from 'vitest';
import { localeAtom } from '../../i18n/locale-atom.ts';
import type { Locale } from '../../i18n/locales.ts';
import { startI18n } from '../../test-support/render-app.tsx';
import { UiProviders } from '../../ui-providers.tsx';
import { AmountInput } from './amount-input.tsx';

beforeAll(() => startI18n('en-US'));

async function renderField(locale: Locale, decimalPoint: number) {
  const store = createStore();
  await store.set(localeAtom, locale);
  const changes = vi.fn();
  function Field() {
    const [value, setValue] = useState('');
    return (
      <AmountInput
        label="Amount"
        value={value}
        decimalPoint={decimalPoint}
        assetCode="BTC"
        onChange={(amount) => {
          changes(amount);
          setValue(amount);
        }}
      />
    );
  }
  render(
    <JotaiProvider store={store}>
      <UiProviders>
        <Field />
      </UiProviders>
    </JotaiProvider>,
  );
  return { input: screen.getByLabelText('Amount') as HTMLInputElement, changes };
}

test('vi-VN separators become a canonical string, shown grouped after editing', async () => {
  const { input, changes } = await renderField('vi-VN', 8);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: '1.234,5' } });
  expect(changes).toHaveBeenLastCalledWith('1234.5');
  fireEvent.blur(input);
  expect(input.value).toBe('1.234,5');
  fireEvent.focus(input);
  expect(input.value).toBe('1234,5');
});

test('more decimals than the asset has are refused with a message', async () => {
  const { input, changes } = await renderField('en-US', 2);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: '0.125' } });
  expect(changes).not.toHaveBeenCalled();
  expect(screen.getByText('Up to 2 decimal places.')).toBeDefined();
  fireEvent.change(input, { target: { value: 'abc' } });
  expect(screen.getByText('Enter a number.')).toBeDefined();
  fireEvent.change(input, { target: { value: '' } });
  expect(changes).toHaveBeenLastCalledWith('');
});
