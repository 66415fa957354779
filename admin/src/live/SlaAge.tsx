import { Box, Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatAge, type SlaState } from '@app/domain';
import { useRegistry } from '../registry/useRegistry';

/** A queue row's age since payment (domain/sla.ts). */
export function SlaAge({ row }: { row: Record<string, unknown> }) {
  const minutes = typeof row.age_minutes === 'number' ? row.age_minutes : null;
  // Ages come in whole hours to a role that may not read the time of payment.
  const { data: registry } = useRegistry();
  const toTheMinute = registry?.orders?.fields.some((field) => field.source === 'paid_at') ?? true;
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="sla-age">
      {formatAge(minutes, toTheMinute ? 'minutes' : 'hours')}
    </Box>
  );
}

const STATE_COLOURS: Record<SlaState, ChipProps['color']> = {
  ok: 'success',
  at_risk: 'warning',
  breached: 'error',
  paused: 'default',
  met: 'success',
};

/** A stored UTC time ('YYYY-MM-DD HH:mm:ss') in ms. */
const timeOf = (stored: string) => Date.parse(`${stored.slice(0, 19).replace(' ', 'T')}Z`);

/** A queue row's SLA: its state as a badge, and while the clock runs how long until it is due (or since). */
export function SlaDue({ row }: { row: Record<string, unknown> }) {
  const translate = useTranslate();
  const state = row.sla_state as SlaState | null | undefined;
  if (!state) return null;
  const due = typeof row.sla_due_at === 'string' ? timeOf(row.sla_due_at) : NaN;
  const running = (state === 'ok' || state === 'at_risk' || state === 'breached') && Number.isFinite(due);
  const minutes = Math.round((due - Date.now()) / 60_000);
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="sla-due" data-state={state}>
      <Chip size="small" color={STATE_COLOURS[state]} label={translate(`app.live.sla.${state}`)} sx={{ mr: 0.5 }} />
      {running &&
        translate(minutes >= 0 ? 'app.live.sla.dueIn' : 'app.live.sla.lateBy', { time: formatAge(Math.abs(minutes)) })}
    </Box>
  );
}
