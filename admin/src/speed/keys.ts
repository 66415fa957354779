/**
 * The admin's keyboard shortcuts (react-hotkeys-hook, which react-admin's menu uses too). None fires while
 * the member types in a field: the hook leaves form fields alone unless told otherwise.
 */

/** `g` then a letter opens a queue, by its orderName. */
export const QUEUE_KEYS: ReadonlyArray<{ key: string; orderName: string }> = [
  { key: 'm', orderName: 'myOrder' },
  { key: 'n', orderName: 'newOrder' },
  { key: 'p', orderName: 'priorityOrder' },
  { key: 'e', orderName: 'pendingOrder' },
  { key: 'c', orderName: 'completedOrder' },
  { key: 'a', orderName: 'awaitingOrder' },
  { key: 'h', orderName: 'allOrder' },
];

/** Clicks the first element matching `selector`, if there is one (a shortcut for a button on screen). */
export const clickFirst = (selector: string) => document.querySelector<HTMLElement>(selector)?.click();

/** Focuses the first element matching `selector`, if there is one. */
export const focusFirst = (selector: string) => document.querySelector<HTMLElement>(selector)?.focus();
