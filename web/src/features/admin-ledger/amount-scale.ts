/**
 * The number of decimals a decimal string from the API carries. The ledger sends every amount at
 * its asset's scale ("1.50000000" for BTC), so a row without its asset's decimal_point (a forced
 * adjustment) is still shown with every digit.
 */
export function scaleOf(amount: string): number {
  const fraction = amount.split('.')[1] ?? '';
  return Math.min(fraction.length, 18);
}
