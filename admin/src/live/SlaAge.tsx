import { Box, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatAge } from '@app/domain';

/** A queue row's age since payment (domain/sla.ts), marked when the order is past its SLA. */
export function SlaAge({ row }: { row: Record<string, unknown> }) {
  const translate = useTranslate();
  const minutes = typeof row.age_minutes === 'number' ? row.age_minutes : null;
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="sla-age">
      {formatAge(minutes)}
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
