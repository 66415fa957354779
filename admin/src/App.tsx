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
import { QueueScreen } from './queues/QueueScreen';

// Screens load when first opened, so that the initial JavaScript stays small.
const FutureOrders = lazy(() => import('./futureOrders/FutureOrders'));
const ViewOrder = lazy(() => import('./orders/ViewOrder'));
const CountryOrderList = lazy(() => import('./reports/CountryOrderList'));
const ProcessedBy = lazy(() => import('./reports/ProcessedBy'));
const SendInvoice = lazy(() => import('./invoices/SendInvoice'));
const ManageTeam = lazy(() => import('./team/ManageTeam'));
const GatewaySetting = lazy(() => import('./gateways/GatewaySetting'));
const ChangePassword = lazy(() => import('./account/ChangePassword'));

const providers = { authProvider, dataProvider, i18nProvider, theme };

/** Toasts top-right, closing after 5 s (SPEC section 9), below the header rather than over it. */
const notification = () => (
  <Notification
    anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
    autoHideDuration={5000}
    sx={{ top: { xs: 64, sm: 56 } }}
  />
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

/** '/' is the sign-in page; everything staff do lives under /admin (SPEC section 2). Every admin route is here. */
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
                layout={Layout}
                dashboard={Dashboard}
                notification={notification}
                disableTelemetry
              >
                <Resource name="orders" recordRepresentation="order_id" />
                <CustomRoutes>
                  {QUEUES.map((queue) => (
                    <Route key={queue.route} path={`/${queue.route}/*`} element={queueScreen(queue)} />
                  ))}
                  <Route path="/view-order/:encodedId" element={<ViewOrder />} />
                  <Route path="/country-order-list" element={<CountryOrderList />} />
                  <Route path="/processed-order" element={<ProcessedBy />} />
                  <Route path="/send-invoice" element={<SendInvoice />} />
                  <Route path="/manage-team" element={<ManageTeam />} />
                  <Route path="/manage-team/:teamMemberId" element={<ManageTeam />} />
                  <Route path="/gateway-setting" element={<GatewaySetting />} />
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
