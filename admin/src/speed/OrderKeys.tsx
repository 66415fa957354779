import { useHotkeys } from 'react-hotkeys-hook';
import { NEXT_ORDER_BUTTON } from './NextOrderButton';
import { clickFirst, focusFirst } from './keys';

const ACTIONS = '[data-testid="order-actions"]';

/**
 * The order page's keys, each the button it stands for (so a key does only what the member may do, as the
 * button shows it): a assigns to me, c goes to the comment box, n takes the next order, and 1 to 9 the
 * move buttons in their order.
 */
export function OrderKeys() {
  useHotkeys('a', () => clickFirst(`${ACTIONS} [data-testid$="-assign"]:not([disabled])`));
  useHotkeys('c', () => focusFirst('[data-testid="section-addComment"] textarea'), { preventDefault: true });
  useHotkeys('n', () => clickFirst(`${ACTIONS} ${NEXT_ORDER_BUTTON}`));
  useHotkeys('1,2,3,4,5,6,7,8,9', (event) => {
    const moves = document.querySelectorAll<HTMLElement>(`${ACTIONS} [data-testid^="move-"]:not([disabled])`);
    moves[Number(event.key) - 1]?.click();
  });
  return null;
}
