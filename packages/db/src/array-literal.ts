/**
 * One element of a Postgres array literal (`{…}`, cast in SQL to the column's array type): NULL,
 * or the text in double quotes with `"` and `\` escaped, the only two characters that need it
 * inside quotes. Callers that send thousands of rows a second build their array parameters with
 * it instead of letting node-postgres escape every element (two regular-expression replacements
 * each): most texts need no escaping at all.
 */
export function arrayElement(value: string | null): string {
  if (value === null) return 'NULL';
  return value.includes('"') || value.includes('\\')
    ? `"${value.replace(/["\\]/g, '\\$&')}"`
    : `"${value}"`;
}
