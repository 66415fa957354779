import { downloadCSV } from 'react-admin';
import jsonexport from 'jsonexport/dist';
import { csvSafe } from '@app/domain';

/**
 * Writes rows (header → value) as a CSV download with react-admin's own writer. Every cell goes
 * through csvSafe, so text from customers or staff cannot become a spreadsheet formula; the byte-order
 * mark lets Excel read non-Latin names as UTF-8. Every field is quoted: jsonexport quotes a field
 * holding `\n`, `,` or `"` but not a lone `\r`, which some readers take as the end of a row.
 */
export function downloadRowsAsCsv(rows: ReadonlyArray<Record<string, unknown>>, fileName: string) {
  const safeRows = rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, csvSafe(value)])),
  );
  jsonexport(safeRows, { endOfLine: '\r\n', forceTextDelimiter: true }, (error, csv) => {
    if (!error) downloadCSV(`\ufeff${csv}`, fileName);
  });
}
