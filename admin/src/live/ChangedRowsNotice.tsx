import { useEffect, useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { readStoredUser } from '../providers/session';
import { useLiveEvents } from './LiveProvider';

/** How often a list with changes waiting checks whether the member is busy. */
const IDLE_CHECK_MS = 1000;

/** Inputs that take no typing: a focused checkbox or button is not someone writing. */
const NOT_TYPED = ['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'image', 'range', 'color'];

/** Whether the member is typing somewhere (a text field has the focus). */
const isTyping = () => {
  const element = document.activeElement as HTMLElement | null;
  if (!element) return false;
  if (element.isContentEditable || ['TEXTAREA', 'SELECT'].includes(element.tagName)) return true;
  return element instanceof HTMLInputElement && !NOT_TYPED.includes(element.type);
};

/**
 * Above a queue list: how many changes other members made since it was read. The list reads itself
 * again as soon as the member is neither selecting rows nor typing, so nothing moves under their hand.
 */
export function ChangedRowsNotice() {
  const { refetch, selectedIds } = useListContext();
  const translate = useTranslate();
  const me = readStoredUser()?.id;
  const [pending, setPending] = useState(0);

  useLiveEvents((event) => {
    if (event.type === 'order.changed' && event.by.id !== me) setPending((n) => n + 1);
    if (event.type === 'resync') setPending((n) => n + 1);
  });

  const busy = selectedIds.length > 0;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      if (busy || isTyping()) return;
      setPending(0);
      void refetch();
    }, IDLE_CHECK_MS);
    return () => clearInterval(timer);
  }, [pending, busy, refetch]);

  if (!pending) return null;
  const refreshNow = () => {
    setPending(0);
    void refetch();
  };
  return (
    <Alert
      severity="info"
      // With rows selected, react-admin's bulk actions bar (48 px) is drawn over the 48 px above the table,
      // where this notice was: the notice then leaves that room empty for it, and both stay in sight.
      sx={{ mb: busy ? 7 : 1 }}
      data-testid="rows-changed"
      action={
        <Button color="inherit" size="small" onClick={refreshNow}>
          {translate('app.live.refreshNow')}
        </Button>
      }
    >
      {translate('app.live.rowsChanged', { smart_count: pending })}. {translate('app.live.refreshing')}
    </Alert>
  );
}
