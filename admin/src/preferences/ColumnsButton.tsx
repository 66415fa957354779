import { useId, useState, type MouseEvent } from 'react';
import {
  Badge,
  Box,
  Button as MuiButton,
  Checkbox,
  FormControlLabel,
  IconButton,
  Popover,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import ViewWeekIcon from '@mui/icons-material/ViewWeek';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { Button, useStore, useTranslate, useTranslateLabel, useResourceContext } from 'react-admin';

/** A column of the list's DataTable, in the DataTable's own order: what its DataTable.Col is given. */
export interface ColumnChoice {
  source?: string;
  label?: string;
}

const NONE: readonly string[] = [];

/** The key react-admin's DataTable hides a column by: its source, else its label. */
const columnKey = (column: ColumnChoice) => column.source ?? column.label ?? '';

/** The DataTable's order (display position → column index), completed to every column as DataTable does. */
export function displayOrder(ranks: readonly number[] | undefined, count: number): number[] {
  const known = (ranks ?? []).filter((index) => index < count);
  return [...known, ...Array.from({ length: count }, (_, index) => index).filter((index) => !known.includes(index))];
}

/** The order with the column at `position` swapped with its neighbour (`step` -1 up, +1 down). */
export function moveColumn(order: readonly number[], position: number, step: -1 | 1): number[] {
  const next = [...order];
  [next[position], next[position + step]] = [next[position + step]!, next[position]!];
  return next;
}

/**
 * The Columns button and panel of a list (show, hide, reorder), in place of react-admin's ColumnsButton:
 * that panel's switches sit inside menu options (axe: aria-required-children, aria-required-parent,
 * nested-interactive) and its columns move by dragging only. This one is a plain list, each column a
 * checkbox with Move up and Move down buttons, and writes the Store keys DataTable reads (`storeKey`:
 * hidden columns; `<storeKey>_columnRanks`: their order), so the table, saved queries and the
 * member's kept layout work as before. `columns` are the DataTable's columns in its own order;
 * `hiddenByDefault` the keys its `hiddenColumns` hides until the member shows them.
 */
export function ColumnsButton({
  storeKey,
  columns,
  hiddenByDefault = NONE,
  hint,
}: {
  storeKey: string;
  columns: readonly ColumnChoice[];
  hiddenByDefault?: readonly string[];
  /** A suggestion shown beside the button, which it describes, and a badge on its icon (a table too wide). */
  hint?: string;
}) {
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const resource = useResourceContext();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [hidden, setHidden] = useStore<string[]>(storeKey, hiddenByDefault as string[]);
  const [ranks, setRanks] = useStore<number[] | undefined>(`${storeKey}_columnRanks`);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const id = useId();
  const title = translate('app.columns.title');
  const order = displayOrder(ranks, columns.length);
  const labelOf = (column: ColumnChoice) =>
    String(translateLabel({ label: column.label, source: column.source, resource }) ?? columnKey(column));

  const toggle = (key: string) =>
    setHidden(hidden.includes(key) ? hidden.filter((column) => column !== key) : [...hidden, key]);

  const move = (position: number, step: -1 | 1) => {
    const column = columns[order[position]!]!;
    const to = position + step;
    setRanks(moveColumn(order, position, step));
    setAnnouncement(
      translate('app.columns.moved', { column: labelOf(column), position: to + 1, total: columns.length }),
    );
    // The button pressed moved with its column: keep the focus on it, or on the other one at either end.
    const last = columns.length - 1;
    const direction = (to === 0 && step === -1) || (to === last && step === 1) ? -step : step;
    requestAnimationFrame(() =>
      document
        .getElementById(`${id}-panel`)
        ?.querySelector<HTMLButtonElement>(`[data-column="${CSS.escape(columnKey(column))}"][data-step="${direction}"]`)
        ?.focus(),
    );
  };

  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const buttonProps = {
    onClick: open,
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': Boolean(anchor),
    'aria-controls': anchor ? `${id}-panel` : undefined,
    'aria-describedby': hint ? `${id}-hint` : undefined,
    'data-testid': 'columns-button',
  };
  const icon = (
    <Badge color="warning" variant="dot" invisible={!hint}>
      <ViewWeekIcon />
    </Badge>
  );

  return (
    <>
      {phone ? (
        <Tooltip title={title}>
          <IconButton aria-label={title} color="primary" size="large" {...buttonProps}>
            {icon}
          </IconButton>
        </Tooltip>
      ) : (
        <MuiButton size="small" startIcon={icon} {...buttonProps}>
          {title}
        </MuiButton>
      )}
      {hint && (
        <Typography
          id={`${id}-hint`}
          variant="caption"
          color="text.secondary"
          sx={{ alignSelf: 'center' }}
          data-testid="columns-hint"
        >
          {hint}
        </Typography>
      )}
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: {
            id: `${id}-panel`,
            role: 'dialog',
            'aria-labelledby': `${id}-title`,
            sx: { p: 1, minWidth: 260, maxWidth: 'calc(100vw - 16px)' },
          },
        }}
      >
        <Typography id={`${id}-title`} variant="subtitle2" component="h2" sx={{ px: 1, pt: 0.5 }}>
          {title}
        </Typography>
        <Box component="ul" aria-labelledby={`${id}-title`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {order.map((index, position) => {
            const column = columns[index]!;
            const key = columnKey(column);
            const label = labelOf(column);
            return (
              <Box component="li" key={key} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: 1 }}>
                <FormControlLabel
                  sx={{ flexGrow: 1, mr: 0 }}
                  control={<Checkbox size="small" checked={!hidden.includes(key)} onChange={() => toggle(key)} />}
                  label={label}
                />
                <IconButton
                  size="small"
                  aria-label={translate('app.columns.moveUp', { column: label })}
                  disabled={position === 0}
                  onClick={() => move(position, -1)}
                  data-column={key}
                  data-step={-1}
                >
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={translate('app.columns.moveDown', { column: label })}
                  disabled={position === columns.length - 1}
                  onClick={() => move(position, 1)}
                  data-column={key}
                  data-step={1}
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
              </Box>
            );
          })}
        </Box>
        <Box sx={{ textAlign: 'center', mt: 0.5 }}>
          <Button
            label="app.columns.reset"
            onClick={() => {
              setRanks(undefined);
              setHidden([...hiddenByDefault]);
              setAnnouncement('');
            }}
          />
        </Box>
        {/* Says where a moved column now stands, for those who do not see the list. */}
        <Box role="status" sx={visuallyHidden}>
          {announcement}
        </Box>
      </Popover>
    </>
  );
}

/** Read by screen readers, not drawn (MUI's visuallyHidden, which @mui/material does not re-export). */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
