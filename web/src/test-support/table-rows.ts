/** The table row that holds `element` (a cell or anything in one); throws when it is in none. */
export function tableRowOf(element: HTMLElement): HTMLElement {
  const row = element.closest('tr');
  if (row === null) throw new Error(`no table row holds ${element.textContent ?? 'the element'}`);
  return row;
}
