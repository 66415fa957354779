import { useSyncExternalStore } from 'react';
import { encodeId, tryDecodeId } from '@app/domain/idCodec';
import type { Notice } from './notice';

/**
 * The two visitor routes with encoded order ids; no router library is needed
 * for two paths. A notice can travel with a navigation, in the history entry's state.
 */
export const trackPath = (orderId: number | null) =>
  orderId === null ? '/track-order' : `/track-order/${encodeId(orderId)}`;
export const detailsPath = (orderId: number) => `/get-new-order-details/${encodeId(orderId)}`;

export type Route = { page: 'track'; orderId: number | null } | { page: 'details'; orderId: number };

/** The order id in a link: encoded as the old system's links are, or plain digits typed by hand. */
const orderIdOf = (segment: string | undefined): number | null => {
  if (!segment) return null;
  const decoded = tryDecodeId(segment);
  if (decoded !== null) return decoded;
  return /^\d{1,15}$/.test(segment) ? Number(segment) : null;
};

export function routeOf(pathname: string): Route {
  const [, first, segment] = pathname.split('/');
  const orderId = orderIdOf(segment);
  if (first === 'get-new-order-details' && orderId !== null) return { page: 'details', orderId };
  return { page: 'track', orderId };
}

export function navigate(path: string, notice?: Notice) {
  window.history.pushState({ notice }, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state: { notice } }));
}

/** The notice handed over by the navigation that opened this page, if any. */
export const arrivalNotice = (): Notice | undefined => (window.history.state as { notice?: Notice } | null)?.notice;

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
};

/** The current path; also catches a navigation made by a page before the app subscribed. */
export const usePathname = (): string => useSyncExternalStore(subscribe, () => window.location.pathname);
