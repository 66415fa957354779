import { useEffect } from 'react';
import { Button } from '@mui/material';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useBasename, useTranslate } from 'react-admin';
import { apiCall } from '../providers/httpClient';
import { orderPagePath } from '../shared/routes';
import { useClosableNotify } from '../shared/useClosableNotify';

/** The queue a member last worked in (this tab), where the order page's Next takes the next order from. */
const LAST_QUEUE = 'speed.lastQueue';
const DEFAULT_QUEUE = 'newOrder';

/** The Next order button, for the keys that press it. */
export const NEXT_ORDER_BUTTON = '[data-testid="next-order"]';

/** Notes the queue on screen as the one Next takes from on the order page. */
export function useRememberQueue(orderName: string) {
  useEffect(() => sessionStorage.setItem(LAST_QUEUE, orderName), [orderName]);
}

/**
 * Next order: assigns the member the next free order of the queue (POST /api/admin/next-order) and opens it;
 * "Nothing left in this queue" in a toast. Without `queue`, the queue the member last worked in.
 */
export function NextOrderButton({ queue }: { queue?: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const basename = useBasename();
  const notify = useClosableNotify();
  const next = useMutation({
    mutationFn: () =>
      apiCall<{ orderId: number }>('admin/next-order', {
        method: 'POST',
        json: { queue: queue ?? sessionStorage.getItem(LAST_QUEUE) ?? DEFAULT_QUEUE },
      }),
    onSuccess: (answer) => navigate(orderPagePath(basename, answer.data!.orderId)),
    onError: (error: Error) => notify(error.message, 'info'),
  });
  return (
    <Button
      variant="contained"
      size="small"
      startIcon={<SkipNextIcon />}
      disabled={next.isPending}
      onClick={() => next.mutate()}
      aria-keyshortcuts="n"
      data-testid="next-order"
    >
      {translate('app.speed.next')}
    </Button>
  );
}
