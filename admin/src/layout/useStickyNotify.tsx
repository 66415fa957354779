import { useCallback } from 'react';
import { IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useCloseNotification, useNotify, useTranslate } from 'react-admin';

/** The close button of a toast that stays. */
function CloseToast() {
  const close = useCloseNotification();
  const translate = useTranslate();
  return (
    <IconButton size="small" color="inherit" aria-label={translate('ra.action.close')} onClick={close}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/**
 * Toasts of the order page and the report screens, which do not close by themselves (SPEC section 9):
 * they close with their button or a click elsewhere.
 */
export function useStickyNotify() {
  const notify = useNotify();
  return useCallback(
    (message: string, type: 'success' | 'error' | 'info' = 'success') =>
      // Extra options go to MUI's Snackbar: `action` replaces its (empty) action slot.
      notify(message, { type, autoHideDuration: null, action: <CloseToast /> }),
    [notify],
  );
}
