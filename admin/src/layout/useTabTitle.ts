import { useEffect } from 'react';
import { PRODUCT_TITLE } from '../config';

/** The browser tab title (SPEC section 2): the product title on most screens; Manage Team passes its own. */
export function useTabTitle(title: string = PRODUCT_TITLE) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
