import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Box, Button, Typography, useMediaQuery, type SxProps, type Theme } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  DataTable,
  useBasename,
  useListContext,
  usePermissions,
  useRecordContext,
  useTranslate,
  useTranslateLabel,
} from 'react-admin';
import { TEXTS, type FieldDefinition, type QueueDefinition } from '@app/domain';
import { hiddenByDefaultOf, listFields, registryColumns, RegistryCell, type ResourceFields } from '../registry';
import { BulkQueueActions, ConfirmedActionButton, actionsFor } from './actions';
import { ORDER_CELLS } from './columns';
import { LazyTableBody } from './LazyTableBody';
import { orderPagePath } from '../shared/routes';

type Row = Record<string, unknown> & { id: number };

/** Rows someone is already working on are shown greyed. One object, so that rows stay memoised. */
const ASSIGNED_ROW: SxProps = { '& td': { bgcolor: 'grey.200', color: 'text.secondary' } };
const UNASSIGNED_ROW: SxProps = {};
const greyIfAssigned = (row: Row): SxProps => (row.assignee_id != null ? ASSIGNED_ROW : UNASSIGNED_ROW);
/**
 * The Action column stays in view at the right of a table wider than its box, drawn apart by a shadow so
 * that the columns scrolling under it read as passing behind, not as cut off.
 */
const PINNED_EDGE = { boxShadow: '-4px 0 4px -2px rgba(0, 0, 0, 0.15)' };
const STICKY_CELL: SxProps = { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper', ...PINNED_EDGE };
const stickyCell = () => STICKY_CELL;

/**
 * Clears the selection after a row's Delete. Rows read it from here rather than from the list context,
 * which changes with every tick and would draw every row again.
 */
const UnselectContext = createContext<() => void>(() => undefined);
function UnselectProvider({ children }: { children: ReactNode }) {
  const { onUnselectItems } = useListContext();
  const latest = useRef(onUnselectItems);
  useEffect(() => {
    latest.current = onUnselectItems;
  });
  const unselect = useCallback(() => latest.current(), []);
  return <UnselectContext.Provider value={unselect}>{children}</UnselectContext.Provider>;
}

/** 'No records found' and a red 'No data available in table'. */
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
function RowActions({ canDelete }: { canDelete: boolean }) {
  const row = useRecordContext<Row>()!;
  const translate = useTranslate();
  const basename = useBasename();
  const unselect = useContext(UnselectContext);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      <Button
        size="small"
        component={Link}
        to={orderPagePath(basename, row.id)}
        startIcon={<VisibilityIcon />}
        data-testid="view-order"
      >
        {translate('app.actions.view')}
      </Button>
      {canDelete && <ConfirmedActionButton action="delete" row ids={[row.id]} onDone={unselect} />}
    </Box>
  );
}

/** On phones one cell holds every column of the row, label by label, then its actions, so nothing is cut off. */
function RowSummary({ fields, canDelete }: { fields: FieldDefinition[]; canDelete: boolean }) {
  const row = useRecordContext<Row>()!;
  const translateLabel = useTranslateLabel();
  return (
    <>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}>
        {fields.map((field) => (
          <Box key={field.source} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="caption" color="text.secondary" sx={{ lineHeight: 1.8 }}>
              {translateLabel({ source: field.source, label: field.label, resource: 'orders' })}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {ORDER_CELLS[field.source]?.(row) ?? <RegistryCell field={field} record={row} />}
            </Typography>
          </Box>
        ))}
      </Box>
      <RowActions canDelete={canDelete} />
    </>
  );
}

/**
 * The order table of every queue: the registry's columns of the queue's table kind (headers sort where
 * the API sorts), the role's bulk and row actions, greyed assigned rows. Wide tables scroll inside their
 * box with the Action column pinned right; phones get one labelled cell per row.
 */
export function OrdersTable({
  queue,
  definition,
  storeKey,
}: {
  queue: QueueDefinition;
  definition: ResourceFields;
  /** Where the columns button keeps the member's hidden and ordered columns. */
  storeKey?: string;
}) {
  const { permissions: role } = usePermissions<string>();
  const translate = useTranslate();
  const compact = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const actions = actionsFor(queue, role);
  const fields = listFields(definition, queue.columns);
  const canDelete = actions.includes('delete');
  return (
    <UnselectProvider>
      <DataTable<Row>
        storeKey={storeKey}
        hiddenColumns={hiddenByDefaultOf(fields)}
        body={LazyTableBody}
        rowClick={false}
        hover={false}
        bulkActionButtons={actions.length ? <BulkQueueActions actions={actions} /> : false}
        rowSx={greyIfAssigned}
        empty={<EmptyTable />}
        // A 550 px table with a fixed header; phones scroll the page instead.
        sx={{
          '& .RaDataTable-tableWrapper': { maxHeight: { sm: 550 }, overflow: 'auto' },
          '& .RaDataTable-headerCell': { whiteSpace: 'nowrap' },
          '& .RaDataTable-headerCell:last-of-type': compact ? {} : { right: 0, zIndex: 3, ...PINNED_EDGE },
          '& .MuiTableCell-root': { px: 1 },
        }}
      >
        {compact ? (
          <DataTable.Col
            source="order_id"
            label={translate('app.table.order')}
            render={() => <RowSummary fields={fields} canDelete={canDelete} />}
            disableSort
          />
        ) : (
          [
            ...registryColumns(fields, ORDER_CELLS),
            <DataTable.Col
              key="action"
              source="action"
              label={translate('app.table.action')}
              cellSx={stickyCell}
              render={() => <RowActions canDelete={canDelete} />}
              disableSort
            />,
          ]
        )}
      </DataTable>
    </UnselectProvider>
  );
}
