import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, ListContextProvider, type ListControllerResult } from 'react-admin';
import { i18nProvider } from '../../admin/src/i18n';
import { QueuePagination } from '../../admin/src/queues/QueuePagination';
import { perPageFor, rowsPerPageChoice } from '../../admin/src/queues/rowsPerPage';

const E = '…';

function renderPagination(state: Partial<ListControllerResult>) {
  const context = {
    page: 1,
    perPage: 10,
    total: 368,
    isPending: false,
    setPage: vi.fn(),
    setPerPage: vi.fn(),
    ...state,
  } as unknown as ListControllerResult;
  const { unmount } = render(
    <AdminContext i18nProvider={i18nProvider}>
      <ListContextProvider value={context}>
        <QueuePagination />
      </ListContextProvider>
    </AdminContext>,
  );
  return Object.assign(context, { unmount });
}

/** The page numbers and ellipses between Previous and Next, as the member reads them. */
function pageButtons(current: number, totalPages: number) {
  const { unmount } = renderPagination({ page: current, perPage: 10, total: totalPages * 10 });
  const nav = screen.getByRole('navigation', { name: 'Pages' });
  const items = [...nav.children].map((item) => item.textContent).slice(1, -1);
  unmount();
  return items.map((item) => (item === E ? E : Number(item)));
}

/**
 * MUI's usePagination with sibling count 1 (docs/product.md#limits): the first and last page, the current page and one
 * either side, an ellipsis for each gap; an ellipsis never stands for one page alone (that page is shown).
 */
describe('page buttons', () => {
  it.each([
    [1, 1, [1]],
    [3, 6, [1, 2, 3, 4, 5, 6]],
    [1, 7, [1, 2, 3, 4, 5, 6, 7]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 8, [1, 2, 3, 4, 5, E, 8]],
    [1, 37, [1, 2, 3, 4, 5, E, 37]],
    [3, 37, [1, 2, 3, 4, 5, E, 37]],
    [4, 37, [1, 2, 3, 4, 5, E, 37]],
    [5, 37, [1, E, 4, 5, 6, E, 37]],
    [20, 37, [1, E, 19, 20, 21, E, 37]],
    [34, 37, [1, E, 33, 34, 35, 36, 37]],
    [37, 37, [1, E, 33, 34, 35, 36, 37]],
  ])('page %i of %i shows %j', (current, total, expected) => {
    expect(pageButtons(current, total)).toEqual(expected);
  });

  it('never shows more than seven items, always the first, the last and the current page', () => {
    for (let total = 1; total <= 12; total++) {
      for (let current = 1; current <= total; current++) {
        const items = pageButtons(current, total);
        expect(items.length).toBeLessThanOrEqual(7);
        expect(items).toContain(current);
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(total);
      }
    }
  });
});

describe('rows per page', () => {
  it('offers 10, 25, 50, 100, 500 and All, where All asks for the whole total', () => {
    expect(rowsPerPageChoice(25)).toBe(25);
    expect(rowsPerPageChoice(368)).toBe('all');
    expect(perPageFor('all', 368)).toBe(368);
    expect(perPageFor('all', 0)).toBe(1);
    expect(perPageFor(100, 368)).toBe(100);
  });

  it('lists the options, and All sets the page size to the queue total', async () => {
    const context = renderPagination({});
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 1 to 10 of 368 entries');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rows per page' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['10', '25', '50', '100', '500', 'All']);
    fireEvent.click(options.at(-1)!);
    expect(context.setPerPage).toHaveBeenCalledWith(368);
  });

  it('shows All selected for a page sized to the total, and moves between pages', () => {
    const context = renderPagination({ page: 5, perPage: 10 });
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Previous', '1', '4', '5', '6', '37', 'Next']);
    expect(nav).toHaveTextContent(E);
    expect(within(nav).getByRole('button', { name: '5' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(within(nav).getByRole('button', { name: '6' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Previous' }));
    expect(vi.mocked(context.setPage).mock.calls).toEqual([[6], [4]]);
  });

  it('reads All for a page as large as the total', () => {
    renderPagination({ perPage: 368 });
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveTextContent('All');
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 1 to 368 of 368 entries');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
