import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../browser/src/download.js';

const served = (disposition?: string) =>
  new Response('bytes', { headers: disposition ? { 'content-disposition': disposition } : {} });

/** browser/src/download.ts: the name a download is saved under (admin documents, the visitor's file). */
describe('fileNameOf', () => {
  it.each([
    ['attachment; filename="Thailand-Arrival-Card-100001.pdf"', 'Thailand-Arrival-Card-100001.pdf'],
    ['inline; filename=defence-pack-visa-100001.pdf', 'defence-pack-visa-100001.pdf'],
    // filename* (RFC 8187) wins over the plain fallback beside it.
    [`attachment; filename="e.pdf"; filename*=UTF-8''%C3%A9t%C3%A9.pdf`, 'été.pdf'],
    ['attachment; filename="a; b.pdf"', 'a; b.pdf'],
  ])('reads %s as %s', (disposition, name) => {
    expect(fileNameOf(served(disposition), 'fallback.pdf')).toBe(name);
  });

  it.each([[undefined], ['attachment'], ['inline; name="x"']])('falls back without a file name (%s)', (disposition) => {
    expect(fileNameOf(served(disposition), 'fallback.pdf')).toBe('fallback.pdf');
  });
});
