// Proves the export writes what the screen shows: the header and display texts in order, as
// RFC 4180 CSV with a UTF-8 BOM (quotes, commas, newlines escaped), spreadsheet formulas
// neutralized while negative numbers stay numbers, and an .xlsx workbook of the same cells.
import { expect, test } from 'vitest';
import { exportTable, toCsv, toXlsx } from './table-export.ts';

type Row = { name: string; amount: string };
const columns = [
  { title: 'Name', text: (row: Row) => row.name },
  { title: '금액', text: (row: Row) => row.amount },
];

test('the table is the header then the shown texts', () => {
  expect(exportTable(columns, [{ name: 'a', amount: '1,000' }])).toEqual([
    ['Name', '금액'],
    ['a', '1,000'],
  ]);
});

test('CSV quotes what needs it, keeps Hangul behind a BOM and neutralizes formulas', () => {
  const csv = toCsv(
    exportTable(columns, [
      { name: 'He said "hi", then left', amount: '-1,234.5' },
      { name: '=HYPERLINK("http://evil")', amount: '@SUM(A1)' },
      { name: 'two\nlines', amount: '+82' },
    ]),
  );
  expect(csv).toBe(
    '\uFEFFName,금액\r\n' +
      '"He said ""hi"", then left","-1,234.5"\r\n' +
      `"'=HYPERLINK(""http://evil"")",'@SUM(A1)\r\n` +
      `"two\nlines",'+82\r\n`,
  );
});

test('xlsx is a zip workbook', async () => {
  const blob = await toXlsx([['Name'], ['a']]);
  const bytes = new Uint8Array(await blob.arrayBuffer());
  expect(String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0)).toBe('PK');
});
