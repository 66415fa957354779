/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const field = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** A header row and data rows as CSV text. */
export const toCsv = (header: string[], rows: Array<Array<string | number>>) =>
  [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n');
