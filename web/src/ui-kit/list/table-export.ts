import writeXlsxFile from 'write-excel-file/universal';

/** A column as the export sees it: its title and the text its cells show. */
export type ExportColumn<Row> = { title: string; text: (row: Row) => string };

/** What the screen shows, as a table of text: the header row, then one row per record. */
export function exportTable<Row>(
  columns: readonly ExportColumn<Row>[],
  rows: readonly Row[],
): string[][] {
  return [
    columns.map((column) => column.title),
    ...rows.map((row) => columns.map((column) => column.text(row))),
  ];
}

/**
 * A spreadsheet reads a cell starting with = + - @ as a formula (CSV injection); such text gets a
 * leading apostrophe. A plain number, negative ones included, is left as it is.
 */
function neutralizeFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) && !/^-?[\d.,\s]+$/.test(cell) ? `'${cell}` : cell;
}

function csvCell(cell: string): string {
  const safe = neutralizeFormula(cell);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** RFC 4180 CSV with a UTF-8 byte-order mark, so Excel opens Korean, Japanese and Chinese text. */
export function toCsv(table: readonly string[][]): string {
  return `\uFEFF${table.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The table as an .xlsx workbook; every cell is text, so amounts keep every digit. */
export function toXlsx(table: readonly string[][]): Promise<Blob> {
  const sheet = table.map((row, index) =>
    row.map((cell) => ({
      value: neutralizeFormula(cell),
      type: String,
      ...(index === 0 ? { fontWeight: 'bold' as const } : {}),
    })),
  );
  return writeXlsxFile(sheet).toBlob();
}

/** Saves a blob under `fileName` through a temporary link. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
