import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useParams } from 'react-router-dom';
import { Admin, AdminContext, CustomRoutes, Notification, Resource, useBasename } from 'react-admin';
import { QUEUES } from '@app/domain';
import { authProvider } from './providers/authProvider';
import { readStoredUser, subscribeToSession } from './providers/session';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './i18n';
import { theme } from './theme';
import { Layout } from './layout/Layout';
import NotFound from './layout/NotFound';
import orders from './orders';
import teamMembers from './team-members';
import gateways from './gateways';
import { countryReport, processedByReport } from './reports';
import sendInvoice from './invoices';
import changePassword from './account';
import auditEvents from './audit-events';
import { disputeReport, disputes, disputesDue } from './disputes';
import { queueViews } from './queues';
import { customQueuesSnapshot, subscribeToCustomQueues } from './queues/customQueues';
import {
  configurationTransferResource,
  customQueueResource,
  orderFieldResource,
  retentionSettingsResource,
} from './configuration';
import { mailTemplateResource } from './mail-templates';
import { macroResource, ruleResource, runResource } from './automation';
import { slaPolicyResource, slaReportResource } from './sla';
import { createPreferencesStore } from './preferences/store';
import { TimeZoneScope } from './preferences/timeZone';
import { ACCOUNT_SECURITY_ROUTE, ORDER_PAGE_ROUTE, REDIRECTS } from './routes';
import { PRODUCT_TITLE } from './config';

// Loaded when first opened, so that a cold start on a queue (the usual one) downloads neither.
const LoginPage = lazy(() => import('./login/LoginPage'));
const Dashboard = lazy(() => import('./dashboard/Dashboard'));
const AccountSecurity = lazy(() => import('./account/security').then((m) => ({ default: m.AccountSecurity })));

const providers = { authProvider, dataProvider, i18nProvider, theme };
/** The admin's one Store (<Admin store>): layouts and saved queries kept on the server per member. */
const preferencesStore = createPreferencesStore(dataProvider);

/** The layout, its screens drawn in the member's time zone. */
const ZonedLayout = ({ children }: { children: ReactNode }) => (
  <Layout>
    <TimeZoneScope>{children}</TimeZoneScope>
  </Layout>
);

/**
 * Toasts close after 5 s, pausing while hovered, at the bottom right: clear of the order page's action buttons
 * and the screen's title row.
 */
const notification = () => (
  <Notification anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} autoHideDuration={5000} />
);

/** One of the redirects of routes.ts, with the address's parameters. */
function Redirect({ to }: { to: (params: Record<string, string | undefined>) => string }) {
  const params = useParams();
  const basename = useBasename();
  return <Navigate to={`${basename}${to(params)}`} replace />;
}

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
 * '/' is the sign-in page; everything staff do lives under /admin. Every admin screen is a view
 * of a <Resource>, named by its old-system address (providers/resources.ts says which API resource each reads), so
 * react-admin's routes are the old system's: a queue's list at /admin/<queue route>, Manage Team's at /admin/manage-team
 * and its edit view at /admin/manage-team/{id}. The custom routes are the one exception (the order page) and
 * the redirects of routes.ts.
 */
export function App() {
  // Custom queues are resources too: declared as they come from the API (queues/customQueues.ts).
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
                  <Resource name="orders" {...orders} />
                  <Resource name="country-order-list" {...countryReport} />
                  <Resource name="processed-order" {...processedByReport} />
                  <Resource name="send-invoice" {...sendInvoice} />
                  <Resource name="manage-team" {...teamMembers} />
                  <Resource name="gateway-setting" {...gateways} />
                  <Resource name="change-password" {...changePassword} />
                  <Resource name="audit-events" {...auditEvents} />
                  <Resource name="disputes" {...disputes} />
                  <Resource name="disputes-due" {...disputesDue} />
                  <Resource name="dispute-report" {...disputeReport} />
                  <Resource name="order-fields" {...orderFieldResource} />
                  <Resource name="custom-queues" {...customQueueResource} />
                  <Resource name="mail-templates" {...mailTemplateResource} />
                  <Resource name="automation-rules" {...ruleResource} />
                  <Resource name="automation-runs" {...runResource} />
                  <Resource name="macros" {...macroResource} />
                  <Resource name="sla-policies" {...slaPolicyResource} />
                  <Resource name="sla-report" {...slaReportResource} />
                  <Resource name="retention-settings" {...retentionSettingsResource} />
                  <Resource name="configuration-transfer" {...configurationTransferResource} />
                  <CustomRoutes>
                    <Route path={ORDER_PAGE_ROUTE} element={<orders.show />} />
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
