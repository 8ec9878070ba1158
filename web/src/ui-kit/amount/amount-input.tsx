import { TextInput, type TextInputProps } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../i18n/locale-atom.ts';
import {
  defaultDecimalPoint,
  editableAmount,
  formatAmount,
  parseAmountInput,
} from './amount-format.ts';

export type AmountInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  /** The canonical decimal string ('' when empty). */
  value: string;
  /** Called with a canonical decimal string, or '' when cleared; never with invalid input. */
  onChange: (amount: string) => void;
  /** The asset's decimal_point: the input refuses more decimals than this. */
  decimalPoint?: number | undefined;
  assetCode?: string | undefined;
};

/**
 * An amount field that keeps a decimal string end to end: typed in the locale's separators,
 * validated against the asset's scale, shown with thousands separators when not being edited.
 */
export function AmountInput({
  value,
  onChange,
  decimalPoint,
  assetCode,
  error,
  ...props
}: AmountInputProps) {
  const { t } = useTranslation('kit');
  const locale = useAtomValue(localeAtom);
  const scale = decimalPoint ?? defaultDecimalPoint;
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const shown = draft ?? (value === '' ? '' : formatAmount(value, locale, { decimalPoint: scale }));
  return (
    <TextInput
      {...props}
      inputMode={scale === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={shown}
      rightSection={assetCode}
      rightSectionWidth={assetCode === undefined ? undefined : 64}
      error={problem ?? error}
      onFocus={() => setDraft(value === '' ? '' : editableAmount(value, locale))}
      onBlur={() => {
        setDraft(undefined);
        setProblem(undefined);
      }}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setDraft(text);
        const parsed = parseAmountInput(text, locale, scale);
        if (parsed.kind === 'valid' || parsed.kind === 'empty') {
          setProblem(undefined);
          onChange(parsed.kind === 'valid' ? parsed.amount : '');
        } else if (parsed.kind === 'tooManyDecimals') {
          setProblem(scale === 0 ? t('amount.wholeOnly') : t('amount.tooManyDecimals', { scale }));
        } else {
          setProblem(t('amount.invalid'));
        }
      }}
    />
  );
}
