import { useEffect, useRef } from 'react';
import { brandForHost } from '@app/domain/brands';
import { Layout } from './components/Layout';
import { OrderDetails } from './pages/OrderDetails';
import { TrackOrder } from './pages/TrackOrder';
import { routeOf, usePathname } from './router';

/** The visitor area: branded by the host the visitor landed on (docs/product.md#visitor-area). */
export function App() {
  const host = window.location.host;
  const brand = brandForHost(host);
  const pathname = usePathname();
  const route = routeOf(pathname);
  const firstRender = useRef(true);

  // After an in-app navigation, move focus to the new page's heading so screen readers announce it.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.getElementById('page-title')?.focus();
  }, [pathname]);

  return (
    <Layout brand={brand} host={host}>
      {route.page === 'details' ? (
        <OrderDetails key={route.orderId} orderId={route.orderId} />
      ) : (
        <TrackOrder key={pathname} orderId={route.orderId} brand={brand} />
      )}
    </Layout>
  );
}
