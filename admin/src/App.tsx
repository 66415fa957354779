import { lazy, useSyncExternalStore, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { Admin, AdminContext, CustomRoutes, Notification, Resource } from 'react-admin';
import { QUEUES, type QueueDefinition } from '@app/domain';
import { authProvider } from './providers/authProvider';
import { readStoredUser, subscribeToSession } from './providers/session';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './i18n';
import { theme } from './theme';
import { LoginPage } from './login/LoginPage';
import { Layout } from './layout/Layout';
import { Dashboard } from './dashboard/Dashboard';
import orders from './orders';
import teamMembers from './team-members';
import gateways from './gateways';
import { countryReport, processedByReport } from './reports';
import auditEvents from './audit-events';
import { preferencesStore, TimeZoneScope } from './preferences';
import { QueueScreen } from './queues/QueueScreen';

// Screens load when first opened, so that the initial JavaScript stays small.
const FutureOrders = lazy(() => import('./futureOrders/FutureOrders'));
const SendInvoice = lazy(() => import('./invoices/SendInvoice'));
const ChangePassword = lazy(() => import('./account/ChangePassword'));

const providers = { authProvider, dataProvider, i18nProvider, theme };

/** The layout, its screens drawn in the member's time zone. */
const ZonedLayout = ({ children }: { children: ReactNode }) => (
  <Layout>
    <TimeZoneScope>{children}</TimeZoneScope>
  </Layout>
);

/**
 * Toasts close after 5 s (SPEC section 9), pausing while hovered, at the bottom right: top-right (SPEC's
 * place) they sat on the order page's action buttons and on the screen's title row (issue 24).
 */
const notification = () => (
  <Notification anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} autoHideDuration={5000} />
);

/** Each queue of the domain table gets a screen: the month tiles for the future queue, the queue table otherwise. */
const queueScreen = (queue: QueueDefinition) =>
  queue.columns === 'future' ? <FutureOrders queue={queue} /> : <QueueScreen key={queue.route} queue={queue} />;

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
 * '/' is the sign-in page; everything staff do lives under /admin (SPEC section 2). Every admin route is here:
 * resources are registered with <Resource>; their screens sit at SPEC's addresses as custom routes where those
 * differ from react-admin's (/manage-team instead of /team-members, a queue instead of /orders).
 */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/"
          element={
            <AdminContext {...providers}>
              <LoginPage />
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
                notification={notification}
                store={preferencesStore}
                disableTelemetry
              >
                <Resource name="orders" {...orders} />
                {/* Resources whose screens sit at SPEC's addresses (the custom routes below). */}
                <Resource
                  name="team-members"
                  icon={teamMembers.icon}
                  recordRepresentation={teamMembers.recordRepresentation}
                />
                <Resource name="gateways" icon={gateways.icon} recordRepresentation={gateways.recordRepresentation} />
                <Resource name="country-report" icon={countryReport.icon} />
                <Resource name="processed-by-report" icon={processedByReport.icon} />
                <Resource name="audit-events" {...auditEvents} />
                <CustomRoutes>
                  {QUEUES.map((queue) => (
                    <Route key={queue.route} path={`/${queue.route}/*`} element={queueScreen(queue)} />
                  ))}
                  <Route path="/view-order/:encodedId" element={<orders.show />} />
                  <Route path="/country-order-list" element={<countryReport.list />} />
                  <Route path="/processed-order" element={<processedByReport.list />} />
                  <Route path="/send-invoice" element={<SendInvoice />} />
                  <Route path="/manage-team" element={<teamMembers.list />} />
                  <Route path="/manage-team/:id" element={<teamMembers.edit />} />
                  <Route path="/gateway-setting" element={<gateways.list />} />
                  <Route path="/change-password" element={<ChangePassword />} />
                </CustomRoutes>
              </Admin>
            </RequireSignIn>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
