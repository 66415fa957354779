import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { AdminContext, CustomRoutes, Notification, Resource, useBasename } from 'react-admin';
import { QUEUES } from '@app/domain';
import { authProvider } from './providers/authProvider';
import { readStoredUser, subscribeToSession } from './providers/session';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './i18n';
import { theme } from './theme';
import { Admin } from './layout/Admin';
import { Layout } from './layout/Layout';
import NotFound from './layout/NotFound';
import { preloadQueueScreen, queueViews } from './queues';
import { customQueuesSnapshot, subscribeToCustomQueues } from './queries/customQueues';
import { APP_SCREENS, screenResources } from './screens';
import { createPreferencesStore } from './preferences/store';
import { TimeZoneScope } from './preferences/timeZone';
import { ACCOUNT_SECURITY_ROUTE, ORDER_PAGE_ROUTE, REDIRECTS } from './shared/routes';
import { PRODUCT_TITLE } from './shared/config';

// Loaded when first opened, so that a cold start on a queue (the usual one) downloads neither.
const LoginPage = lazy(() => import('./login/LoginPage'));
const Dashboard = lazy(() => import('./dashboard/Dashboard'));
const AccountSecurity = lazy(() => import('./account/security').then((m) => ({ default: m.AccountSecurity })));
// Search everywhere (its button, Ctrl/Cmd+K and its dialog) and the shortcut keys load once the header has drawn, with the queue
// table's code (see queues/QueueScreen).
const SearchTrigger = lazy(() => import('./queues/QueueScreen').then((module) => ({ default: module.SearchTrigger })));
const ShortcutKeys = lazy(() => import('./queues/QueueScreen').then((module) => ({ default: module.ShortcutKeys })));
const headerTools = (
  <>
    <SearchTrigger />
    <ShortcutKeys />
  </>
);

/** Under the 48 px app bar, with MUI's 8 px gap. */
const TOAST_TOP = 56;

const providers = { authProvider, dataProvider, i18nProvider, theme };
/** The admin's one Store (<Admin store>): layouts and saved queries kept on the server per member. */
const preferencesStore = createPreferencesStore(dataProvider);

/**
 * The layout, its screens drawn in the member's time zone, with the header's search and shortcut keys; the queue
 * table's code loads once the page is idle.
 */
function ZonedLayout({ children }: { children: ReactNode }) {
  useEffect(preloadQueueScreen, []);
  return (
    <Layout headerTools={headerTools}>
      <TimeZoneScope>{children}</TimeZoneScope>
    </Layout>
  );
}

/**
 * Toasts close after 5 s, pausing while hovered, centred just under the app bar over the screen's title: at the
 * bottom they sat on the list's pagination and the order page's Add Comment, and the title row holds no control.
 * MUI's snackbar content is role="alert", so screen readers announce it wherever it shows.
 */
const notification = () => (
  <Notification
    anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    autoHideDuration={5000}
    sx={{ top: { xs: TOAST_TOP, sm: TOAST_TOP } }}
  />
);

/** One of the redirects of shared/routes.ts, with the address's parameters and its query (a list's filters). */
function Redirect({ to }: { to: (params: Record<string, string | undefined>) => string }) {
  const params = useParams();
  const { search } = useLocation();
  const basename = useBasename();
  return <Navigate to={`${basename}${to(params)}${search}`} replace />;
}

/** The order page: the Show view of the `orders` screen, at its own route. */
const OrderPage = APP_SCREENS.find((screen) => screen.name === 'orders')!.views.show!;

/**
 * Without a stored login, /admin goes to the sign-in page at '/': at the first visit, and the moment
 * a 401 or a logout removes the login. This guard stands outside react-admin on purpose: its own
 * requireAuth logs out from inside the admin routes, and that logout's navigation to '/' re-ran it on
 * every render, pushing '/' in a loop.
 */
const hasStoredUser = () => readStoredUser() !== null;
function RequireSignIn({ children }: { children: ReactNode }) {
  const signedIn = useSyncExternalStore(subscribeToSession, hasStoredUser);
  return signedIn ? children : <Navigate to="/" replace />;
}

/**
 * '/' is the sign-in page; everything staff do lives under /admin. Every admin screen is a view of a <Resource>:
 * a queue's, named by its route (/admin/<queue route>), and each declared screen's (domain SCREENS), named as the
 * API names its resource (Manage Team's list at /admin/team-members, its edit view at /admin/team-members/{id}).
 * The custom routes are the order page, the member's security page and the old system's addresses (shared/routes.ts).
 */
export function App() {
  // Custom queues are resources too: declared as they come from the API (queries/customQueues.ts).
  const customQueues = useSyncExternalStore(subscribeToCustomQueues, customQueuesSnapshot);
  return (
    <BrowserRouter>
      {/* Holds the lazy sign-in page where react-admin draws it outside its layout (/admin/login). */}
      <Suspense>
        <Routes>
          <Route
            path="/"
            element={
              <AdminContext {...providers}>
                <Suspense>
                  <LoginPage />
                </Suspense>
                {notification()}
              </AdminContext>
            }
          />
          <Route
            path="/admin/*"
            element={
              <RequireSignIn>
                <Admin
                  basename="/admin"
                  {...providers}
                  loginPage={LoginPage}
                  layout={ZonedLayout}
                  dashboard={Dashboard}
                  catchAll={NotFound}
                  title={PRODUCT_TITLE}
                  notification={notification}
                  store={preferencesStore}
                  disableTelemetry
                >
                  {QUEUES.map((queue) => (
                    <Resource key={queue.route} name={queue.route} {...queueViews(queue)} />
                  ))}
                  {customQueues.map((queue) => (
                    <Resource key={queue.route} name={queue.route} {...queueViews(queue)} />
                  ))}
                  {screenResources(APP_SCREENS)}
                  <CustomRoutes>
                    <Route path={ORDER_PAGE_ROUTE} element={<OrderPage />} />
                    <Route path={`/${ACCOUNT_SECURITY_ROUTE}`} element={<AccountSecurity />} />
                    {REDIRECTS.map(({ from, to }) => (
                      <Route key={from} path={from} element={<Redirect to={to} />} />
                    ))}
                  </CustomRoutes>
                </Admin>
              </RequireSignIn>
            }
          />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
