import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useListContext, useListPaginationContext, useTranslate } from 'react-admin';
import { ALL_ROWS, ELLIPSIS, ROWS_PER_PAGE_OPTIONS, pageItems, perPageFor, rowsPerPageChoice } from './pageItems';

/**
 * Server paging of SPEC section 9 on react-admin's List: 10/25/50/100/500/All rows, "Showing x to y of z", collapsing page buttons.
 * Not react-admin's <Pagination>: its MUI TablePagination has no "All" sized to the queue's total, no SPEC
 * ellipsis rule and no "Showing" text; the list state is still react-admin's (useListPaginationContext).
 */
export function QueuePagination() {
  const { page, perPage, total, setPage, setPerPage, isPending } = useListPaginationContext();
  // A total the API counted only up to a cap reads "1,000+" (the pages stop there).
  const capped = !!useListContext().meta?.totalCapped;
  const translate = useTranslate();
  if (isPending || !total) return null;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
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
          {ROWS_PER_PAGE_OPTIONS.map((option) => (
            <MenuItem key={option} value={option}>
              {option === ALL_ROWS ? translate('app.pagination.all') : option}
            </MenuItem>
          ))}
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
        <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {translate('app.pagination.previous')}
        </Button>
        {pageItems(page, totalPages).map((item, index) =>
          item === ELLIPSIS ? (
            <Box key={`gap-${index}`} component="span" sx={{ px: 1, alignSelf: 'center' }}>
              {ELLIPSIS}
            </Box>
          ) : (
            <Button
              key={item}
              size="small"
              variant={item === page ? 'contained' : 'text'}
              aria-current={item === page ? 'page' : undefined}
              onClick={() => setPage(item)}
              sx={{ minWidth: 36 }}
            >
              {item}
            </Button>
          ),
        )}
        <Button size="small" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
          {translate('app.pagination.next')}
        </Button>
      </Box>
    </Box>
  );
}
