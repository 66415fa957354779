import { PAGE_SIZES } from '@app/domain';

export const ELLIPSIS = '…';
export type PageItem = number | typeof ELLIPSIS;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The page buttons of SPEC section 9: every page while there are at most 5 + siblingCount of them;
 * otherwise the first and last page, the current page with siblingCount pages either side, and an
 * ellipsis for each gap; near either end, the first or last 3 + 2 x siblingCount pages in a row.
 */
export function pageItems(current: number, totalPages: number, siblingCount = 1): PageItem[] {
  if (totalPages <= siblingCount + 5) return range(1, totalPages);
  const left = Math.max(current - siblingCount, 1);
  const right = Math.min(current + siblingCount, totalPages);
  const showLeftEllipsis = left > 2;
  const showRightEllipsis = right < totalPages - 2;
  const edgeCount = 3 + 2 * siblingCount;
  if (!showLeftEllipsis && showRightEllipsis) return [...range(1, edgeCount), ELLIPSIS, totalPages];
  if (showLeftEllipsis && !showRightEllipsis) return [1, ELLIPSIS, ...range(totalPages - edgeCount + 1, totalPages)];
  return [1, ELLIPSIS, ...range(left, right), ELLIPSIS, totalPages];
}

/** Rows-per-page choices: SPEC's sizes, then All, which asks for the whole queue (its total). */
export const ALL_ROWS = 'all';
export const ROWS_PER_PAGE_OPTIONS: ReadonlyArray<number | typeof ALL_ROWS> = [...PAGE_SIZES, ALL_ROWS];

/** The select's value for a perPage: a listed size, or All when the page was sized to a total. */
export const rowsPerPageChoice = (perPage: number): number | typeof ALL_ROWS =>
  (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : ALL_ROWS;

/** The perPage a choice asks for; All is the queue's total (at least 1 so that an empty queue stays valid). */
export const perPageFor = (choice: number | typeof ALL_ROWS, total: number): number =>
  choice === ALL_ROWS ? Math.max(total, 1) : choice;
