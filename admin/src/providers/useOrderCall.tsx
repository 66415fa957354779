import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import type { AppDataProvider } from './dataProvider';
import type { ActionAnswer } from './methods/orders';
import { useClosableNotify } from '../shared/useClosableNotify';

/** The version of the order the page shows, which a send carries (a change since answers 409). */
export const versionOf = (order: RaRecord) => (typeof order.version === 'number' ? order.version : undefined);

/**
 * An RPC action of the order page (a custom data provider method: upload, resend, transaction details):
 * its outcome in a toast with a close button (docs/decisions/toasts.md); after a success `onDone`, then react-admin's
 * refresh reads the order, its histories and the counts again.
 */
export function useOrderCall<Input>(
  run: (dataProvider: AppDataProvider, input: Input) => Promise<ActionAnswer>,
  { onDone, success }: { onDone?: () => void; success?: string } = {},
) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useClosableNotify();
  const notifyRaw = useNotify();
  const translate = useTranslate();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: Input) => run(dataProvider, input),
    onSuccess: (answer) => {
      notify(success ? translate(success) : answer.message);
      onDone?.();
      refresh();
    },
    onError: (error: Error & { status?: number }) => {
      if (error.status !== 409) return notify(error.message, 'error');
      // The order changed since the page showed it: say who changed what, and offer its new state.
      notifyRaw(error.message, {
        type: 'error',
        autoHideDuration: null,
        action: (
          <Button color="inherit" size="small" onClick={() => refresh()} data-testid="reload-order">
            {translate('app.speed.reload')}
          </Button>
        ),
      });
    },
  });
}
