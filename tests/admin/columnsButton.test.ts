import { describe, expect, it } from 'vitest';
import { displayOrder, moveColumn } from '../../admin/src/preferences/ColumnsButton';

/** The Columns panel writes react-admin DataTable's `<storeKey>_columnRanks`: display position → column index. */
describe('the Columns panel’s order', () => {
  it('completes a short or missing order with the columns it leaves out, as DataTable does', () => {
    expect(displayOrder(undefined, 4)).toEqual([0, 1, 2, 3]);
    expect(displayOrder([2, 0], 4)).toEqual([2, 0, 1, 3]);
    // A column that no longer exists (a saved layout of a longer table) is dropped.
    expect(displayOrder([5, 1, 0], 3)).toEqual([1, 0, 2]);
  });
  it('moves a column one place up or down, the others keeping their order', () => {
    expect(moveColumn([0, 1, 2, 3], 2, -1)).toEqual([0, 2, 1, 3]);
    expect(moveColumn([0, 2, 1, 3], 1, 1)).toEqual([0, 1, 2, 3]);
    expect(moveColumn([3, 0, 1, 2], 0, 1)).toEqual([0, 3, 1, 2]);
  });
});
