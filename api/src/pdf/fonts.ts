import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Font } from '@react-pdf/renderer';

/**
 * Fonts for every script a customer's name or address may be in. Latin-1 prints in the built-in
 * Helvetica (nothing embedded, so Latin-only documents stay small); any other character is drawn
 * from Noto Sans (OFL-1.1, Google), as split by the @fontsource packages into small files per
 * Unicode range. A document registers and embeds only the files its own text needs, and the PDF
 * writer subsets each to the glyphs used.
 */
const FONT_PACKAGES = {
  latin: '@fontsource/noto-sans', // Latin Extended, Greek, Cyrillic, Vietnamese
  thai: '@fontsource/noto-sans-thai',
  sc: '@fontsource/noto-sans-sc',
  jp: '@fontsource/noto-sans-jp',
  kr: '@fontsource/noto-sans-kr',
} as const;
type FontPackage = keyof typeof FONT_PACKAGES;

/** Helvetica's WinAnsi encoding covers U+0000-U+00FF (and a few punctuation marks the Noto files have too). */
const HELVETICA_MAX = 0xff;
const WEIGHTS = [400, 700] as const;

interface Subset {
  /** The file name part: 'thai', 'cyrillic-ext', or a number for the CJK slices. */
  name: string;
  ranges: Array<[number, number]>;
}

const require = createRequire(import.meta.url);
const packageDir = (pkg: FontPackage) => path.dirname(require.resolve(`${FONT_PACKAGES[pkg]}/package.json`));

/** Each package's subsets and the code points they hold, from its unicode.json, read once. */
const subsets = new Map<FontPackage, Subset[]>();
function subsetsOf(pkg: FontPackage): Subset[] {
  let list = subsets.get(pkg);
  if (!list) {
    const table = JSON.parse(fs.readFileSync(path.join(packageDir(pkg), 'unicode.json'), 'utf8')) as Record<
      string,
      string
    >;
    list = Object.entries(table)
      .filter(([name]) => name !== 'latin')
      .map(([name, ranges]) => ({
        name: name.replace(/^\[(\d+)\]$/, '$1'),
        ranges: ranges.split(',').map((range) => {
          const [from, to = from] = range.trim().replace(/^U\+/i, '').split('-');
          return [parseInt(from!, 16), parseInt(to!, 16)] as [number, number];
        }),
      }));
    subsets.set(pkg, list);
  }
  return list;
}

const holds = (subset: Subset, codePoint: number) => subset.ranges.some(([a, b]) => codePoint >= a && codePoint <= b);

/**
 * Han characters are shared by Chinese, Japanese and Korean, drawn a little differently by each:
 * text with Hangul prefers the Korean font, text with kana the Japanese one, else the Chinese one.
 */
function packageOrder(text: string): FontPackage[] {
  const cjk: FontPackage[] = /[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]/.test(text)
    ? ['kr', 'jp', 'sc']
    : /[\u3040-\u30ff]/.test(text)
      ? ['jp', 'sc', 'kr']
      : ['sc', 'jp', 'kr'];
  return ['latin', 'thai', ...cjk];
}

const registered = new Set<string>();
function register(pkg: FontPackage, subset: Subset): string {
  const id = FONT_PACKAGES[pkg].split('/')[1]!;
  const family = `${id}-${subset.name}`;
  if (!registered.has(family)) {
    Font.register({
      family,
      fonts: WEIGHTS.map((fontWeight) => ({
        src: path.join(packageDir(pkg), 'files', `${id}-${subset.name}-${fontWeight}-normal.woff`),
        fontWeight,
      })),
    });
    registered.add(family);
  }
  return family;
}

/**
 * The font stack that prints `text`: Helvetica first, then the Noto files holding the characters
 * Helvetica lacks, in the order the text's languages prefer.
 */
export function fontStackFor(text: string): string[] {
  const order = packageOrder(text);
  const families = new Set<string>();
  const seen = new Set<number>();
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    if (codePoint <= HELVETICA_MAX || seen.has(codePoint)) continue;
    seen.add(codePoint);
    for (const pkg of order) {
      const subset = subsetsOf(pkg).find((s) => holds(s, codePoint));
      if (subset) {
        families.add(`${pkg}|${subset.name}`);
        break;
      }
    }
  }
  // Registered in the package order, so that fallback follows the preference above.
  const chosen = order.flatMap((pkg) =>
    subsetsOf(pkg)
      .filter((s) => families.has(`${pkg}|${s.name}`))
      .map((s) => register(pkg, s)),
  );
  return ['Helvetica', ...chosen];
}
