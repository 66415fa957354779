import { Children, isValidElement, memo, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { TableBody, type SxProps } from '@mui/material';
import {
  DataTableClasses,
  DataTableRow,
  RecordContextProvider,
  useDataTableConfigContext,
  useDataTableDataContext,
  useDataTableRowSxContext,
  useDataTableStoreContext,
  useStore,
  type RaRecord,
} from 'react-admin';

/**
 * Rows drawn at once: every row of a page of 10 or 25, the screenful and more of a larger one (the table's
 * box is 550 px tall). The others wait as empty rows of a row's height until they come near its visible part.
 */
const EAGER_ROWS = 25;
/** How far beyond the visible part a row is drawn before it is scrolled to. */
const AHEAD = '800px 0px';
/** A queue row's height until one is measured (a name with its assignee under it is taller). */
const DEFAULT_ROW_HEIGHT = 53;

type Watch = (element: Element, onNear: () => void) => () => void;

/** A row not drawn yet: an empty row of a row's height, drawn for real once it comes near the visible part. */
const LazyRow = memo(function LazyRow({
  eager,
  watch,
  columns,
  className,
  sx,
  children,
}: {
  eager: boolean;
  watch: Watch;
  columns: number;
  className: string;
  sx: SxProps | undefined;
  children: ReactNode;
}) {
  const [drawn, setDrawn] = useState(eager);
  const placeholder = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (drawn || !placeholder.current) return;
    return watch(placeholder.current, () => setDrawn(true));
  }, [drawn, watch]);
  if (drawn)
    return (
      <DataTableRow className={className} sx={sx}>
        {children}
      </DataTableRow>
    );
  return (
    <tr ref={placeholder} className={className}>
      <td colSpan={columns} style={{ height: `var(--lazy-row-height, ${DEFAULT_ROW_HEIGHT}px)`, padding: 0 }} />
    </tr>
  );
});

/**
 * react-admin's DataTableBody, drawing a large page's rows as they come into view: drawing
 * every row's cells and checkbox at once makes a page of 500 and each tick on it take seconds. The rows
 * stay in the table, so a page of 500 still has 500 rows; a drawn row stays drawn.
 */
export const LazyTableBody = memo(function LazyTableBody({
  children,
  className,
}: {
  children?: ReactNode;
  className?: string;
}) {
  const data = useDataTableDataContext();
  const rowSx = useDataTableRowSxContext();
  const { hasBulkActions } = useDataTableConfigContext();
  const body = useRef<HTMLTableSectionElement>(null);
  const observer = useRef<IntersectionObserver | null>(null);
  const onNear = useRef(new Map<Element, () => void>());

  // Rows watch themselves from their effects, which run before this component's: the observer is made
  // by the first of them, on the table's own scroll box when it has one (550 px tall), else the page.
  const watch = useCallback<Watch>((element, near) => {
    // Without IntersectionObserver (jsdom), every row is drawn.
    if (typeof IntersectionObserver === 'undefined') {
      near();
      return () => undefined;
    }
    if (!observer.current) {
      const wrapper = element.closest(`.${DataTableClasses.tableWrapper}`);
      const scrolls = wrapper && getComputedStyle(wrapper).maxHeight !== 'none';
      observer.current = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer.current?.unobserve(entry.target);
            onNear.current.get(entry.target)?.();
            onNear.current.delete(entry.target);
          }
        },
        { root: scrolls ? wrapper : null, rootMargin: AHEAD },
      );
    }
    onNear.current.set(element, near);
    observer.current.observe(element);
    return () => {
      observer.current?.unobserve(element);
      onNear.current.delete(element);
    };
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);

  // Empty rows take the height of a drawn one.
  useEffect(() => {
    const drawn = body.current?.querySelector(`.${DataTableClasses.rowCell}`)?.closest('tr');
    if (drawn?.offsetHeight) body.current!.style.setProperty('--lazy-row-height', `${drawn.offsetHeight}px`);
  }, [data]);

  // An empty row spans the columns shown: the member's hidden ones are left out.
  const { storeKey, defaultHiddenColumns } = useDataTableStoreContext();
  const [hidden] = useStore<string[]>(storeKey, defaultHiddenColumns);
  const columns =
    Children.toArray(children).filter((child) => {
      if (!isValidElement<{ source?: string; label?: unknown }>(child)) return false;
      return !hidden.includes(child.props.source ?? String(child.props.label));
    }).length + (hasBulkActions ? 1 : 0);
  // MUI's TableBody, not react-admin's DataTableBody: this is the `body` slot DataTable takes for a custom
  // body, and DataTableBody draws every row at once; it keeps DataTable's classes.
  return (
    <TableBody ref={body} className={`datatable-body ${DataTableClasses.tbody} ${className ?? ''}`}>
      {data?.map((record: RaRecord, index: number) => (
        <RecordContextProvider value={record} key={record.id ?? `row${index}`}>
          <LazyRow
            eager={index < EAGER_ROWS}
            watch={watch}
            columns={columns}
            className={`${DataTableClasses.row} ${index % 2 === 0 ? DataTableClasses.rowEven : DataTableClasses.rowOdd}`}
            sx={rowSx?.(record, index)}
          >
            {children}
          </LazyRow>
        </RecordContextProvider>
      ))}
    </TableBody>
  );
});
