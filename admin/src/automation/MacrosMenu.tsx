import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import BoltIcon from '@mui/icons-material/Bolt';
import { useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { apiCall } from '../providers/httpClient';
import { useClosableNotify } from '../shared/useClosableNotify';

interface MacroChoice {
  id: number;
  name: string;
}

/**
 * The order page's Macros button: the macros the member's role may run, read when the menu opens; one
 * runs as one change of the order, on the version the member sees (a stale one is refused, 409).
 */
export default function MacrosMenu() {
  const order = useRecordContext()!;
  const translate = useTranslate();
  const notify = useClosableNotify();
  const refresh = useRefresh();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [macros, setMacros] = useState<MacroChoice[] | null>(null);
  const [running, setRunning] = useState(false);
  const open = async (target: HTMLElement) => {
    setAnchor(target);
    try {
      setMacros((await apiCall<MacroChoice[]>(`orders/${order.id}/macros`)).data ?? []);
    } catch (error) {
      setAnchor(null);
      notify((error as Error).message, 'error');
    }
  };
  const run = async (macro: MacroChoice) => {
    setAnchor(null);
    setRunning(true);
    try {
      await apiCall(`orders/${order.id}/macros/${macro.id}`, { method: 'POST', json: { version: order.version } });
      notify(translate('resources.macros.ran', { name: macro.name }));
    } catch (error) {
      notify((error as Error).message, 'error');
    } finally {
      setRunning(false);
      refresh();
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<BoltIcon />}
        disabled={running}
        onClick={(event) => void open(event.currentTarget)}
        aria-haspopup="menu"
        data-testid="macros-button"
      >
        {translate('resources.macros.menu')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor && macros !== null} onClose={() => setAnchor(null)}>
        {macros?.length === 0 && <MenuItem disabled>{translate('resources.macros.none')}</MenuItem>}
        {macros?.map((macro) => (
          <MenuItem key={macro.id} onClick={() => void run(macro)}>
            {macro.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
