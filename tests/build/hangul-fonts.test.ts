import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hangulFontsCss, TARGET } from '../../scripts/hangul-fonts.mjs';

/** The admin's Hangul faces are made from the installed Noto Sans KR: a font upgrade without `node scripts/hangul-fonts.mjs` fails here. */
describe('admin/src/fonts-hangul.css', () => {
  it('is what scripts/hangul-fonts.mjs makes from the installed @fontsource/noto-sans-kr', () => {
    expect(fs.readFileSync(TARGET, 'utf8')).toBe(hangulFontsCss());
  });

  it('claims only Hangul, and every syllable a name may hold', () => {
    const ranges = [...hangulFontsCss().matchAll(/unicode-range: ([^;]+);/g)].flatMap(([, r]) => r!.split(','));
    const covered = (cp: number) =>
      ranges.some((r) => {
        const [a, b = a] = r.replace('U+', '').split('-');
        return parseInt(a!, 16) <= cp && cp <= parseInt(b!, 16);
      });
    for (const syllable of '김민준이서연박') expect(covered(syllable.codePointAt(0)!), syllable).toBe(true);
    for (const other of '王小明山田花子Aก') expect(covered(other.codePointAt(0)!), other).toBe(false);
  });
});
