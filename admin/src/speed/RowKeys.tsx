import { useHotkeys } from 'react-hotkeys-hook';
import { NEXT_ORDER_BUTTON } from './NextOrderButton';
import { clickFirst } from './keys';

/** Each row's link to its order page (OrdersTable's row actions). */
const ROW_LINKS = 'tbody [data-testid="view-order"]';

/**
 * A queue table's keys: j and k move the focus down and up its rows (to each row's View link, which Enter
 * opens as a link does), n takes the next order.
 */
export function RowKeys() {
  const move = (step: number) => {
    const links = [...document.querySelectorAll<HTMLElement>(ROW_LINKS)];
    if (!links.length) return;
    const at = links.indexOf(document.activeElement as HTMLElement);
    const next = at < 0 ? (step > 0 ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, at + step));
    links[next]!.focus();
  };
  useHotkeys('j', () => move(1));
  useHotkeys('k', () => move(-1));
  useHotkeys('n', () => clickFirst(NEXT_ORDER_BUTTON));
  return null;
}
