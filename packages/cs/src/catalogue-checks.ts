import type { CatalogueRejection } from './cs-rejections.ts';

/** The list order of a catalogue entry: a whole number from 0 to 9999. */
export const listOrderMax = 9999;

export const isListOrder = (value: number) =>
  Number.isInteger(value) && value >= 0 && value <= listOrderMax;

export const isBlank = (value: string) => value.trim().length === 0;

/** The first invalid field of a catalogue entry's title and order, or undefined. */
export function titleAndOrderProblem(terms: {
  title: string;
  listOrder: number;
}): CatalogueRejection | undefined {
  if (isBlank(terms.title)) return { type: 'CsEntryInvalid', field: 'title' };
  if (!isListOrder(terms.listOrder)) return { type: 'CsEntryInvalid', field: 'listOrder' };
  return undefined;
}

const sortedJson = (value: object) =>
  JSON.stringify(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** Two flat records hold the same values, whatever their keys' order. */
export const sameTerms = (left: object, right: object) => sortedJson(left) === sortedJson(right);
