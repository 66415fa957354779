import { useCallback } from 'react';
import { IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useCloseNotification, useNotify, useTranslate } from 'react-admin';

/** The close button of a toast, for whoever has read it before it closes. */
function CloseToast() {
  const close = useCloseNotification();
  const translate = useTranslate();
  return (
    <IconButton size="small" color="inherit" aria-label={translate('ra.action.close')} onClick={close}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** How long a toast of the order page or a report screen stays. */
const TOAST_MS = 5000;

/**
 * Toasts of the order page and the report screens, with a close button. They close by themselves after 5 s
 * too, pausing while hovered, so that they never pile up on the action buttons.
 */
export function useClosableNotify() {
  const notify = useNotify();
  return useCallback(
    (message: string, type: 'success' | 'error' | 'info' = 'success') =>
      // Extra options go to MUI's Snackbar: `action` replaces its (empty) action slot.
      notify(message, { type, autoHideDuration: TOAST_MS, action: <CloseToast /> }),
    [notify],
  );
}
