/** An account seq from the path, or undefined when it is not one. */
export function parseAccountSeq(value: string): number | undefined {
  if (!/^\d{1,10}$/.test(value)) return undefined;
  const seq = Number(value);
  return seq >= 1 ? seq : undefined;
}
