import { createContext, useContext, useEffect, useState, type ReactNode, type RefObject } from 'react';

/** Whether a queue's table is wider than its box: the table says so, the Columns button suggests hiding some. */
const TableOverflowContext = createContext<{ overflowing: boolean; setOverflowing: (overflowing: boolean) => void }>({
  overflowing: false,
  setOverflowing: () => undefined,
});

export function TableOverflowProvider({ children }: { children: ReactNode }) {
  const [overflowing, setOverflowing] = useState(false);
  return (
    <TableOverflowContext.Provider value={{ overflowing, setOverflowing }}>{children}</TableOverflowContext.Provider>
  );
}

export const useTableOverflowing = () => useContext(TableOverflowContext).overflowing;

/**
 * Keeps the pinned last column (Action) from ever lying over part of a header: when the table is wider than its
 * box, the Action column widens to start where the last column that fits whole ends, and sideways scrolling snaps
 * each column's end to the Action column's edge (the wrapper's scroll padding). Columns pass behind it while
 * scrolling and none rests half-hidden. Measured again whenever the box or the table changes size (columns shown
 * or hidden, rows drawn, the window resized).
 */
export function usePinnedLastColumnFit(box: RefObject<HTMLElement | null>, enabled: boolean) {
  const { setOverflowing } = useContext(TableOverflowContext);
  useEffect(() => {
    const element = box.current;
    if (!enabled || !element) return;
    const fit = () => {
      // Looked up each time: the table is drawn once the list has its rows.
      const wrapper = element.querySelector<HTMLElement>('.RaDataTable-tableWrapper');
      const table = wrapper?.querySelector('table');
      const headers = [...(table?.querySelectorAll<HTMLElement>('thead th') ?? [])];
      const pinned = headers.pop();
      if (!wrapper || !table || !pinned) return;
      observer.observe(table);
      pinned.style.minWidth = '';
      wrapper.style.scrollPaddingRight = '';
      const overflowing = wrapper.scrollWidth > wrapper.clientWidth;
      setOverflowing(overflowing);
      if (!overflowing) return;
      const start = table.getBoundingClientRect().left;
      const room = wrapper.clientWidth - pinned.getBoundingClientRect().width;
      const ends = headers.map((th) => th.getBoundingClientRect().right - start);
      // Whole pixels, rounded towards a gap rather than an overlap: scroll positions are whole pixels.
      const width = Math.floor(wrapper.clientWidth - Math.max(0, ...ends.filter((end) => end <= room)));
      pinned.style.minWidth = `${width}px`;
      wrapper.style.scrollPaddingRight = `${width}px`;
    };
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => {
      observer.disconnect();
      setOverflowing(false);
    };
  }, [box, enabled, setOverflowing]);
}
