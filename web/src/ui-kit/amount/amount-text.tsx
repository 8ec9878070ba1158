import { Text, type TextProps } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { localeAtom } from '../../i18n/locale-atom.ts';
import { formatAmount } from './amount-format.ts';

export type AmountTextProps = TextProps & {
  /** The decimal string from the API. */
  amount: string;
  /** The asset's decimal_point (SPEC §3; 8 when absent). */
  decimalPoint?: number | undefined;
  /** The asset code, shown as its own label after the number. */
  assetCode?: string | undefined;
  isFixed?: boolean | undefined;
};

/** An amount in the active locale (truncated to the asset's scale; full value in the tooltip). */
export function AmountText({
  amount,
  decimalPoint,
  assetCode,
  isFixed,
  ...textProps
}: AmountTextProps) {
  const locale = useAtomValue(localeAtom);
  const shown = formatAmount(amount, locale, { decimalPoint, isFixed });
  return (
    <Text component="span" ff="monospace" title={amount} {...textProps}>
      {assetCode === undefined ? shown : `${shown} ${assetCode}`}
    </Text>
  );
}
