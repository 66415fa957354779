import { PAGE_SIZES } from '@app/domain';

/** Rows-per-page choices: the old system's sizes, then All, which asks for the whole queue (its total). */
export const ALL_ROWS = 'all';
/** The most rows All shows: a page a browser holds and draws at ease; a larger list is filtered or exported. */
export const ALL_ROWS_MAX = 5_000;
export const ROWS_PER_PAGE_OPTIONS: ReadonlyArray<number | typeof ALL_ROWS> = [...PAGE_SIZES, ALL_ROWS];

/** The select's value for a perPage: a listed size, or All when the page was sized to a total. */
export const rowsPerPageChoice = (perPage: number): number | typeof ALL_ROWS =>
  (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : ALL_ROWS;

/** The perPage a choice asks for; All is the queue's total (at least 1 so that an empty queue stays valid). */
export const perPageFor = (choice: number | typeof ALL_ROWS, total: number): number =>
  choice === ALL_ROWS ? Math.max(total, 1) : choice;
