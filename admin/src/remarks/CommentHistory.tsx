import { Box, Button, Typography } from '@mui/material';
import { useExpanded, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { TEXTS } from '@app/domain';
import { HistoryTable, useResourceDefinition, type ResourceFields } from '../registry';
import { formatTime } from '../registry/formatValue';

/** The flags of a comment, in the registry's order (the old system's): its boolean fields. */
export const remarkFlags = (definition: ResourceFields): string[] =>
  definition.fields.filter((field) => field.type === 'boolean').map((field) => field.source);

interface RemarkRecord extends RaRecord {
  seq: number;
  order_id: number;
  remark_name: string;
  remark: string;
  created_at: string;
}

/** As in the old system: comment times read MM-DD-YYYY with the EST label. */
const COMMENT_TIME = 'MM-DD-YYYY h:mm:ss A';
const ticked = (value: unknown) => value === true || value === 'Y' || value === 1 || value === '1';

/** The revealed comment: its text and its flags, N when unset. */
function CommentText() {
  const remark = useRecordContext<RemarkRecord>()!;
  const translate = useTranslate();
  const definition = useResourceDefinition('remarks');
  if (!definition) return null;
  return (
    <Box data-testid="comment-text" sx={{ py: 1 }}>
      <Typography sx={{ whiteSpace: 'pre-wrap', mb: 1 }}>{remark.remark}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5 }}>
        {remarkFlags(definition).map((flag) => (
          <Typography key={flag} variant="body2" data-testid={`flag-${flag}`}>
            {translate(`resources.remarks.fields.${flag}`)}: <strong>{ticked(remark[flag]) ? 'Y' : 'N'}</strong>
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** The old system's Show/Hide toggle of a comment, driving the table's own expand state. */
function ToggleComment() {
  const remark = useRecordContext<RemarkRecord>()!;
  const translate = useTranslate();
  const [expanded, toggle] = useExpanded('remarks', remark.id);
  return (
    <Button size="small" onClick={toggle} aria-expanded={expanded} data-testid="toggle-comment">
      {translate(expanded ? 'resources.remarks.hide' : 'resources.remarks.show')}
    </Button>
  );
}

/** The old system's Comment History table; a comment's text and flags show under its row (Show), or as columns. */
const SHOWN = ['seq', 'created_at', 'remark_name'];

/**
 * Comment History: newest first (the order id is the page's own); Show/Hide reveals a
 * comment's text and flags.
 */
export function CommentHistory() {
  const translate = useTranslate();
  return (
    <HistoryTable
      sectionTestId="section-commentHistory"
      resource="remarks"
      testId="comment-history"
      shown={SHOWN}
      renderers={{ created_at: (remark) => formatTime(remark.created_at, COMMENT_TIME) }}
      action={{ label: 'resources.remarks.fields.action', render: () => <ToggleComment /> }}
      expand={<CommentText />}
      // The Action column's Show/Hide is the toggle; the table's own expand icon would be a second one.
      sx={{ '& .RaDataTable-expandHeader, & .RaDataTable-expandIconCell': { display: 'none' } }}
      empty={<Typography>{translate('resources.remarks.empty', { _: TEXTS.noRecord })}</Typography>}
    />
  );
}
