import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import type { ActionAnswer } from '../providers/methods/orders';
import { useStickyNotify } from '../layout/useStickyNotify';

/**
 * A call made from the order page: its outcome in a toast that stays (SPEC section 9), then
 * `onDone` (re-read the order and the counts) after a success.
 */
export function useOrderMutation<Input>(
  run: (dataProvider: AppDataProvider, input: Input) => Promise<ActionAnswer>,
  { onDone, success }: { onDone?: () => void; success?: string } = {},
) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useStickyNotify();
  const translate = useTranslate();
  return useMutation({
    mutationFn: (input: Input) => run(dataProvider, input),
    onSuccess: (answer) => {
      notify(success ? translate(success) : answer.message);
      onDone?.();
    },
    onError: (error: Error) => notify(error.message, 'error'),
  });
}
