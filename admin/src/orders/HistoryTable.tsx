import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface HistoryColumn<T> {
  /** i18n key of the header. */
  label: string;
  render: (row: T, index: number) => ReactNode;
}

/** The small tables of the order page: a header row, one row per entry, numbered from 1 by the caller. */
export function HistoryTable<T extends { id: number }>({
  columns,
  rows,
  testId,
  renderAfter,
}: {
  columns: HistoryColumn<T>[];
  rows: T[];
  testId: string;
  /** An extra full-width row under an entry (the revealed comment). */
  renderAfter?: (row: T) => ReactNode;
}) {
  const translate = useTranslate();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {translate(column.label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => [
            <TableRow key={row.id} data-testid={`${testId}-row`}>
              {columns.map((column) => (
                <TableCell key={column.label}>{column.render(row, index)}</TableCell>
              ))}
            </TableRow>,
            renderAfter?.(row),
          ])}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
