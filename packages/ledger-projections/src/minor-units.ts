/**
 * Decimal text ↔ bigint minor units for the read models. Postgres `numeric` keeps the scale it was
 * given, and the projections only ever write `formatMinorUnits` output, so a stored value has the
 * asset's digits; reading still accepts fewer (a hand-written repair) but never more.
 */
const numericPattern = /^(-?)([0-9]+)(?:\.([0-9]+))?$/;

export function minorUnitsOf(text: string, decimalPoint: number): bigint {
  const match = numericPattern.exec(text);
  if (match === null) throw new RangeError(`not a decimal: ${text}`);
  const fraction = match[3] ?? '';
  if (fraction.length > decimalPoint) {
    throw new RangeError(`${text} has more than ${decimalPoint} fraction digits`);
  }
  const units = BigInt(`${match[2]}${fraction.padEnd(decimalPoint, '0')}`);
  return match[1] === '-' ? -units : units;
}

export function formatMinorUnits(units: bigint, decimalPoint: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimalPoint + 1, '0');
  const whole = digits.slice(0, digits.length - decimalPoint);
  const text = decimalPoint === 0 ? whole : `${whole}.${digits.slice(whole.length)}`;
  return negative ? `-${text}` : text;
}
