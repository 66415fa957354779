import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import type { ActionAnswer } from '../providers/methods/orders';
import { useClosableNotify } from '../layout/useClosableNotify';

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
  const translate = useTranslate();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: Input) => run(dataProvider, input),
    onSuccess: (answer) => {
      notify(success ? translate(success) : answer.message);
      onDone?.();
      refresh();
    },
    onError: (error: Error) => notify(error.message, 'error'),
  });
}
