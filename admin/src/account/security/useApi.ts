import { useCallback, useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { apiCall } from '../../providers/httpClient';

/** An endpoint's data, read when the screen opens and again on `reload()`. */
export function useApiData<T>(path: string) {
  const [data, setData] = useState<T>();
  const reload = useCallback(() => {
    apiCall<T>(path).then(
      (answer) => setData(answer.data),
      () => undefined,
    );
  }, [path]);
  useEffect(reload, [reload]);
  return { data, reload };
}

/** Runs an action, telling its outcome in a toast; answers whether it is under way. */
export function useAction<A>(action: (argument: A) => Promise<{ message: string } | void>) {
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const run = (argument: A) => {
    setPending(true);
    action(argument)
      .then(
        (answer) => answer && notify(answer.message, { type: 'success' }),
        (error: Error) => notify(error.message, { type: 'error' }),
      )
      .finally(() => setPending(false));
  };
  return { run, pending };
}
