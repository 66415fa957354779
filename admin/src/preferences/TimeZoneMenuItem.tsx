import { forwardRef, useMemo, useState } from 'react';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  ListItemIcon,
  ListItemText,
  MenuItem,
} from '@mui/material';
import ScheduleIcon from '@mui/icons-material/Schedule';
import {
  AutocompleteInput,
  Button,
  Form,
  SaveButton,
  required,
  useNotify,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { zoneAbbreviation } from '@app/domain';
import { browserTimeZone, useTimeZone } from './timeZone';

/** A zone as the picker names it: its IANA name and its short name today ("America/New_York (EST)"). */
export const zoneLabel = (zone: string, now: Date = new Date()) => `${zone} (${zoneAbbreviation(now, zone)})`;

/** Every zone the browser knows, this browser's and the chosen one included whatever the list holds. */
function zoneChoices(chosen: string) {
  const zones = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', browserTimeZone(), chosen]);
  const now = new Date();
  return [...zones].sort().map((zone) => ({ id: zone, name: zoneLabel(zone, now) }));
}

/**
 * "Time zone" in the user menu: the zone every time of the admin is shown in, this browser's until the
 * member picks another (kept on the server by the preferences Store, so it follows them).
 */
export const TimeZoneMenuItem = forwardRef<HTMLLIElement>(function TimeZoneMenuItem(_, ref) {
  const translate = useTranslate();
  const notify = useNotify();
  const userMenu = useUserMenu();
  const [zone, setZone] = useTimeZone();
  const [open, setOpen] = useState(false);
  const choices = useMemo(() => (open ? zoneChoices(zone) : []), [open, zone]);
  const close = () => {
    setOpen(false);
    userMenu?.onClose();
  };
  const choose = (chosen: string | undefined) => {
    setZone(chosen);
    close();
    notify('app.timeZone.saved', { type: 'success', messageArgs: { zone: zoneLabel(chosen ?? browserTimeZone()) } });
  };
  return (
    <>
      <MenuItem ref={ref} onClick={() => setOpen(true)} data-testid="time-zone-menu-item">
        <ListItemIcon>
          <ScheduleIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={translate('app.timeZone.title')} secondary={zoneLabel(zone)} />
      </MenuItem>
      <Dialog open={open} onClose={close} aria-labelledby="time-zone-title" fullWidth maxWidth="xs">
        <Form onSubmit={(values: { zone?: string }) => choose(values.zone)} record={{ zone }}>
          <DialogTitle id="time-zone-title">{translate('app.timeZone.title')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{translate('app.timeZone.help')}</DialogContentText>
            <AutocompleteInput
              source="zone"
              label="app.timeZone.title"
              choices={choices}
              validate={required()}
              disableClearable
              fullWidth
            />
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap' }}>
            <Button
              label="app.timeZone.useBrowser"
              onClick={() => choose(undefined)}
              title={zoneLabel(browserTimeZone())}
            />
            <Button label="ra.action.cancel" onClick={close} />
            <SaveButton label="ra.action.save" alwaysEnable />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
});
