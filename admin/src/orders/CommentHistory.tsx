import { useState } from 'react';
import { Box, Button, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { HistoryTable, type HistoryColumn } from './HistoryTable';
import { Section } from './Section';
import type { OrderDetails, RemarkEntry } from './types';

/** The six flags of a comment as stored, with their labels (SPEC section 2); unset reads N. */
const FLAG_COLUMNS: Array<{ column: keyof RemarkEntry; label: string }> = [
  { column: 'whatsapp', label: 'app.order.flags.whatsapp' },
  { column: 'telephone', label: 'app.order.flags.telephone' },
  { column: 'status_refund', label: 'app.order.flags.statusRefund' },
  { column: 'voided', label: 'app.order.flags.voided' },
  { column: 'chargeback', label: 'app.order.flags.chargeBack' },
  { column: 'report_error', label: 'app.order.flags.reportError' },
];

const flagValue = (value: unknown) => (value === 'Y' ? 'Y' : 'N');

/** The revealed comment: its text and its flags. */
function CommentText({ remark, span }: { remark: RemarkEntry; span: number }) {
  const translate = useTranslate();
  return (
    <TableRow data-testid="comment-text">
      <TableCell colSpan={span} sx={{ bgcolor: 'grey.50' }}>
        <Typography sx={{ whiteSpace: 'pre-wrap', mb: 1 }}>{remark.remark}</Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5 }}>
          {FLAG_COLUMNS.map((flag) => (
            <Typography key={flag.column} variant="body2" data-testid={`flag-${flag.column}`}>
              {translate(flag.label)}: <strong>{flagValue(remark[flag.column])}</strong>
            </Typography>
          ))}
        </Box>
      </TableCell>
    </TableRow>
  );
}

/** Comment History (SPEC section 2): oldest first; Show/Hide reveals a comment's text and flags. */
export function CommentHistory({ order }: { order: OrderDetails }) {
  const translate = useTranslate();
  const [shown, setShown] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setShown((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const columns: HistoryColumn<RemarkEntry>[] = [
    { label: 'app.order.table.number', render: (_, index) => index + 1 },
    { label: 'app.order.table.orderId', render: (remark) => remark.order_id },
    {
      label: 'app.order.table.dateTime',
      render: (remark) => <span style={{ whiteSpace: 'nowrap' }}>{`${remark.us_date} ${remark.us_time} EST`}</span>,
    },
    { label: 'app.order.table.team', render: (remark) => remark.remark_name },
    {
      label: 'app.order.table.action',
      render: (remark) => (
        <Button size="small" onClick={() => toggle(remark.id)} data-testid="toggle-comment">
          {translate(shown.has(remark.id) ? 'app.order.comments.hide' : 'app.order.comments.show')}
        </Button>
      ),
    },
  ];
  return (
    <Section title={translate('app.order.sections.commentHistory')} testId="section-commentHistory">
      {order.remark.length ? (
        <HistoryTable
          columns={columns}
          rows={order.remark}
          testId="comment-history"
          renderAfter={(remark) =>
            shown.has(remark.id) && <CommentText key={`text-${remark.id}`} remark={remark} span={columns.length} />
          }
        />
      ) : (
        <Typography>{translate('app.order.noRecord')}</Typography>
      )}
    </Section>
  );
}
