import { downloadCSV } from 'react-admin';
import { csvText } from '@app/domain';

/**
 * Writes rows (header → value) as a CSV download. csvText neutralises and quotes every cell, headers
 * included, so text from customers, staff or an Admin's labels cannot become a spreadsheet formula;
 * the byte-order mark lets Excel read non-Latin names as UTF-8.
 */
export function downloadRowsAsCsv(rows: ReadonlyArray<Record<string, unknown>>, fileName: string) {
  downloadCSV(`\ufeff${csvText(rows)}`, fileName);
}
