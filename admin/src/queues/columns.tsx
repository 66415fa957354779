import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { DATE_FORMATS, formatUtc, statusLabel, type QueueDefinition } from '@app/domain';
import type { OrderRow } from '../providers/methods/orders';

/** A table column: its i18n label key and how a row renders in it. */
export interface OrderColumn {
  key: string;
  label: string;
  render: (row: OrderRow) => ReactNode;
  /** Short values (ids, phones, dates) stay on one line. */
  noWrap?: boolean;
}

/** Processing dates are calendar dates, shown day first like the queue tables' times. */
const PROCESSING_DATE_FORMAT = 'DD/MM/YYYY';

const fullName = (row: OrderRow) => row.full_name || [row.first_name, row.last_name].filter(Boolean).join(' ');
const telephone = (row: OrderRow) =>
  row.phone_number
    ? `${row.phone_code ? `+${String(row.phone_code).replace(/^\+/, '')} ` : ''}${row.phone_number}`
    : '';

const COLUMNS = {
  orderId: {
    label: 'app.table.orderId',
    render: (row) => <span data-testid="order-id">{row.order_id}</span>,
    noWrap: true,
  },
  name: {
    label: 'app.table.name',
    render: (row) => (
      <Box>
        {fullName(row)}
        {row.assign_to && (
          <Typography variant="caption" component="div" color="text.secondary">
            {row.assign_to}
          </Typography>
        )}
      </Box>
    ),
  },
  email: { label: 'app.table.email', render: (row) => row.contact_email_address || row.email },
  telephone: { label: 'app.table.telephone', render: telephone, noWrap: true },
  createdAt: {
    label: 'app.table.createdAt',
    render: (row) => formatUtc(row.created_at, DATE_FORMATS.queueTable),
    noWrap: true,
  },
  refundDate: {
    label: 'app.table.refundDate',
    render: (row) => formatUtc(row.refund_date, DATE_FORMATS.queueTable),
    noWrap: true,
  },
  processingDate: {
    label: 'app.table.processingDate',
    render: (row) => formatUtc(row.processing_date, PROCESSING_DATE_FORMAT),
    noWrap: true,
  },
  processMonth: { label: 'app.table.processMonth', render: (row) => row.process_month, noWrap: true },
  status: { label: 'app.table.status', render: (row) => statusLabel(row.process_status) },
} satisfies Record<string, Omit<OrderColumn, 'key'>>;

type ColumnKey = keyof typeof COLUMNS;

/** The columns of each table kind of the domain queue table (SPEC section 2); Action is added by the table. */
const COLUMN_SETS: Record<QueueDefinition['columns'], ColumnKey[]> = {
  orders: ['orderId', 'name', 'email', 'telephone', 'createdAt', 'status'],
  refunds: ['orderId', 'email', 'telephone', 'createdAt', 'refundDate', 'status'],
  future: ['orderId', 'name', 'email', 'telephone', 'createdAt', 'processingDate', 'processMonth', 'status'],
};

export const columnsFor = (kind: QueueDefinition['columns']): OrderColumn[] =>
  COLUMN_SETS[kind].map((key) => ({ key, ...COLUMNS[key] }));
