import { Box, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatAge } from '@app/domain';
import { useRegistry } from '../registry/useRegistry';

/** A queue row's age since payment (domain/sla.ts), marked when the order is past its SLA. */
export function SlaAge({ row }: { row: Record<string, unknown> }) {
  const translate = useTranslate();
  const minutes = typeof row.age_minutes === 'number' ? row.age_minutes : null;
  // Ages come in whole hours to a role that may not read the time of payment.
  const { data: registry } = useRegistry();
  const toTheMinute = registry?.orders?.fields.some((field) => field.source === 'paid_at') ?? true;
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="sla-age">
      {formatAge(minutes, toTheMinute ? 'minutes' : 'hours')}
      {row.overdue === true && (
        <Chip
          size="small"
          color="error"
          label={translate('app.live.overdue')}
          sx={{ ml: 0.5 }}
          data-testid="sla-overdue"
        />
      )}
    </Box>
  );
}
