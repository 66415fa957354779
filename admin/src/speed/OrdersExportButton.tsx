import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { useListContext, useTranslate } from 'react-admin';
import { fileNameOf, saveBlob } from '@app/browser/download';
import { apiCall, apiUrl, refusal, withToken } from '../providers/httpClient';
import { permanentFilterOf } from '../providers/resources';
import { useClosableNotify } from '../shared/useClosableNotify';

/**
 * A queue's CSV, whole: the server streams every row of the queue with the list's filters and the columns
 * the role may read (GET /api/orders/export), however many there are. Customer data leaves the app here, so
 * a recent password or code check comes first: the HTTP client asks for it when it is due.
 */
export function OrdersExportButton() {
  const translate = useTranslate();
  const notify = useClosableNotify();
  const { resource, filterValues, total } = useListContext();
  const download = useMutation({
    mutationFn: async () => {
      await apiCall('account/step-up', { method: 'POST' });
      const filter = JSON.stringify({ ...filterValues, ...permanentFilterOf(resource) });
      const response = await fetch(apiUrl(`orders/export?${new URLSearchParams({ filter })}`), {
        headers: withToken(),
      });
      if (!response.ok) throw refusal(response.status, await response.json().catch(() => null));
      saveBlob(await response.blob(), fileNameOf(response, `${resource}.csv`));
    },
    onError: (error: Error) => notify(error.message, 'error'),
  });
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      disabled={download.isPending || !total}
      onClick={() => download.mutate()}
      data-testid="orders-export"
    >
      {translate('app.speed.export')}
    </Button>
  );
}
