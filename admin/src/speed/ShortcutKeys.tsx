import { useState } from 'react';
import { Dialog, DialogContent, DialogTitle, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useHotkeys } from 'react-hotkeys-hook';
import { useNavigate } from 'react-router-dom';
import { useBasename, usePermissions, useTranslate } from 'react-admin';
import { mayOpenQueue, queueByOrderName, type Role } from '@app/domain';
import { QUEUE_KEYS } from './keys';

/**
 * The keys that work everywhere in the admin: `?` lists the shortcuts, `g` then a letter opens a queue the
 * member's role may open. Drawn in the header once it has loaded.
 */
export default function ShortcutKeys() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const basename = useBasename();
  const { permissions: role } = usePermissions<Role>();
  const [helpOpen, setHelpOpen] = useState(false);
  const queues = QUEUE_KEYS.map(({ key, orderName }) => ({ key, queue: queueByOrderName(orderName)! })).filter(
    ({ queue }) => role && mayOpenQueue(queue, role),
  );
  useHotkeys('?', () => setHelpOpen(true), { useKey: true });
  useHotkeys(
    queues.map(({ key }) => `g>${key}`),
    (_event, { hotkey }) => {
      const found = queues.find(({ key }) => hotkey.split('>').pop() === key);
      if (found) navigate(`${basename}/${found.queue.route}`);
    },
    [queues, basename],
  );
  const queueLabel = (key: string) => {
    const found = queues.find((q) => q.key === key)!;
    return translate(`app.queues.${found.queue.orderName}`, { _: found.queue.label });
  };
  const rows: Array<[string, string]> = [
    ['?', translate('app.speed.keys.help')],
    ['Ctrl K / ⌘ K', translate('app.speed.search')],
    ...queues.map(({ key }): [string, string] => [`g ${key}`, queueLabel(key)]),
    ['j / k / Enter', translate('app.speed.keys.rows')],
    ['a', translate('app.speed.keys.assign')],
    ['c', translate('app.speed.keys.comment')],
    ['n', translate('app.speed.next')],
    ['1 … 9', translate('app.speed.keys.moves')],
  ];
  return (
    <Dialog open={helpOpen} onClose={() => setHelpOpen(false)} data-testid="shortcuts-help">
      <DialogTitle>{translate('app.speed.keys.title')}</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {rows.map(([keys, what]) => (
              <TableRow key={keys}>
                <TableCell component="th" scope="row">
                  <kbd>{keys}</kbd>
                </TableCell>
                <TableCell>{what}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
    </Dialog>
  );
}
