import { Link } from 'react-router-dom';
import { Box, Button, Typography, useMediaQuery, type SxProps, type Theme } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { DataTable, useBasename, useListContext, usePermissions, useTranslate } from 'react-admin';
import { encodeId, TEXTS, type QueueDefinition } from '@app/domain';
import type { OrderRow } from '../providers/methods/orders';
import { BulkQueueActions, ConfirmedActionButton, actionsFor } from './actions';
import { columnsFor, type OrderColumn } from './columns';

/** Rows someone is already working on are shown greyed (SPEC section 2). */
const greyIfAssigned = (row: OrderRow): SxProps =>
  row.assignee_id != null ? { '& td': { bgcolor: 'grey.200', color: 'text.secondary' } } : {};

/** The Action column stays in view when a wide table scrolls sideways. */
const stickyRight = () => ({ position: 'sticky', right: 0, bgcolor: 'background.paper' }) as const;

/** SPEC section 2: 'No records found' and a red 'No data available in table'. */
function EmptyTable() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 4 }} data-testid="empty-table">
      <Typography>{translate('app.empty.noRecords', { _: TEXTS.noRecords })}</Typography>
      <Typography color="error">{translate('app.empty.noData', { _: TEXTS.noData })}</Typography>
    </Box>
  );
}

/** View (everyone) and Delete (roles that may delete in this queue). */
function RowActions({ row, canDelete }: { row: OrderRow; canDelete: boolean }) {
  const translate = useTranslate();
  const basename = useBasename();
  const { onUnselectItems } = useListContext();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      <Button
        size="small"
        component={Link}
        to={`${basename}/view-order/${encodeId(row.order_id)}`}
        startIcon={<VisibilityIcon />}
        data-testid="view-order"
      >
        {translate('app.actions.view')}
      </Button>
      {canDelete && <ConfirmedActionButton action="delete" row ids={[row.id]} onDone={() => onUnselectItems()} />}
    </Box>
  );
}

/** On phones one cell holds every column of the row, label by label, then its actions, so nothing is cut off. */
function RowSummary({ row, columns, canDelete }: { row: OrderRow; columns: OrderColumn[]; canDelete: boolean }) {
  const translate = useTranslate();
  return (
    <>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}>
        {columns.map((column) => (
          <Box key={column.key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="caption" color="text.secondary" sx={{ lineHeight: 1.8 }}>
              {translate(column.label)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {column.render(row)}
            </Typography>
          </Box>
        ))}
      </Box>
      <RowActions row={row} canDelete={canDelete} />
    </>
  );
}

/** The shared order table of every queue: SPEC's columns, the role's bulk and row actions, greyed assigned rows. */
export function OrdersTable({ queue }: { queue: QueueDefinition }) {
  const { permissions: role } = usePermissions<string>();
  const translate = useTranslate();
  const compact = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const actions = actionsFor(queue, role);
  const columns = columnsFor(queue.columns);
  const canDelete = actions.includes('delete');
  return (
    <DataTable<OrderRow>
      rowClick={false}
      hover={false}
      bulkActionButtons={actions.length ? <BulkQueueActions actions={actions} /> : false}
      rowSx={greyIfAssigned}
      empty={<EmptyTable />}
      // SPEC section 9: a 550 px table with a fixed header; phones scroll the page instead.
      sx={{
        '& .RaDataTable-tableWrapper': { maxHeight: { sm: 550 }, overflow: 'auto' },
        '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' },
        '& .RaDataTable-headerCell:last-of-type': compact ? {} : { right: 0, zIndex: 3 },
        '& .MuiTableCell-root': { px: 1 },
      }}
    >
      {compact ? (
        <DataTable.Col
          source="order_id"
          label={translate('app.table.order')}
          render={(row: OrderRow) => <RowSummary row={row} columns={columns} canDelete={canDelete} />}
          disableSort
        />
      ) : (
        [
          ...columns.map((column) => (
            <DataTable.Col
              key={column.key}
              source={column.key}
              label={translate(column.label)}
              render={column.render}
              cellSx={column.noWrap ? () => ({ whiteSpace: 'nowrap' }) : undefined}
              disableSort
            />
          )),
          <DataTable.Col
            key="action"
            source="action"
            label={translate('app.table.action')}
            cellSx={stickyRight}
            render={(row: OrderRow) => <RowActions row={row} canDelete={canDelete} />}
            disableSort
          />,
        ]
      )}
    </DataTable>
  );
}
