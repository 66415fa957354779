import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import usePagination from '@mui/material/usePagination';
import { useListContext, useListPaginationContext, useTranslate } from 'react-admin';
import { ALL_ROWS, ALL_ROWS_MAX, ROWS_PER_PAGE_OPTIONS, perPageFor, rowsPerPageChoice } from './rowsPerPage';

/**
 * Server paging on react-admin's List, with the old system's page sizes: 10/25/50/100/500/All rows, "Showing x to y of z", collapsing page buttons.
 * Not react-admin's <Pagination>: its MUI TablePagination has no "All" sized to the queue's total, no page
 * buttons and no "Showing" text; the list state is still react-admin's (useListPaginationContext), the page
 * buttons MUI's usePagination (sibling count 1: first, last, the current page and one either side).
 */
export function QueuePagination() {
  const { page, perPage, total, setPage, setPerPage, isPending } = useListPaginationContext();
  // A total the API counted only up to a cap reads "1,000+" (the pages stop there).
  const capped = !!useListContext().meta?.totalCapped;
  const translate = useTranslate();
  const { items } = usePagination({
    count: Math.max(1, Math.ceil((total ?? 0) / perPage)),
    page,
    siblingCount: 1,
    onChange: (_event, chosen) => setPage(chosen),
  });
  if (isPending || !total) return null;
  const from = (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, p: 2 }}
      data-testid="pagination"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={translate('app.pagination.rowsPerPage')}
          value={rowsPerPageChoice(perPage)}
          onChange={(event) => {
            const value = event.target.value;
            setPerPage(perPageFor(value === ALL_ROWS ? ALL_ROWS : Number(value), total));
          }}
          sx={{ width: 140 }}
        >
          {ROWS_PER_PAGE_OPTIONS.map((option) =>
            option === ALL_ROWS && total > ALL_ROWS_MAX ? (
              // Too many for one page: says why, and what to do instead (the filters and Export above).
              <MenuItem key={option} value={option} disabled sx={{ whiteSpace: 'normal', maxWidth: 320 }}>
                {translate('app.pagination.all')}:{' '}
                {translate('app.speed.allTooMany', {
                  max: ALL_ROWS_MAX.toLocaleString('en'),
                  total: total.toLocaleString('en'),
                })}
              </MenuItem>
            ) : (
              <MenuItem key={option} value={option}>
                {option === ALL_ROWS ? translate('app.pagination.all') : option}
              </MenuItem>
            ),
          )}
        </TextField>
        <Typography variant="body2" data-testid="showing">
          {translate('app.pagination.showing', {
            from,
            to,
            total: `${total.toLocaleString('en')}${capped ? '+' : ''}`,
          })}
        </Typography>
      </Box>
      <Box
        component="nav"
        aria-label={translate('app.pagination.pages')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
      >
        {items.map(({ type, page: itemPage, selected, disabled, onClick }, index) =>
          type === 'start-ellipsis' || type === 'end-ellipsis' ? (
            <Box key={type} component="span" sx={{ px: 1, alignSelf: 'center' }}>
              …
            </Box>
          ) : type === 'previous' || type === 'next' ? (
            <Button key={type} size="small" disabled={disabled} onClick={onClick}>
              {translate(`app.pagination.${type}`)}
            </Button>
          ) : (
            <Button
              key={`${type}-${itemPage ?? index}`}
              size="small"
              variant={selected ? 'contained' : 'text'}
              aria-current={selected ? 'page' : undefined}
              onClick={onClick}
              sx={{ minWidth: 36 }}
            >
              {itemPage}
            </Button>
          ),
        )}
      </Box>
    </Box>
  );
}
