import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Admin, AdminContext, CustomRoutes, Notification, Title } from 'react-admin';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './i18n';
import { LoginPage } from './login/LoginPage';
import { Layout } from './layout/Layout';

const providers = { authProvider, dataProvider, i18nProvider };

/** Toasts top-right, closing after 5 s (SPEC section 9). */
const notification = () => (
  <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={5000} />
);

function Dashboard() {
  return <Title title="Dashboard" />;
}

/** '/' is the sign-in page; everything staff do lives under /admin (SPEC section 2). */
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
            <Admin
              basename="/admin"
              {...providers}
              loginPage={LoginPage}
              layout={Layout}
              dashboard={Dashboard}
              notification={notification}
              requireAuth
              disableTelemetry
            >
              <CustomRoutes>
                <Route path="/dashboard" element={<Dashboard />} />
              </CustomRoutes>
            </Admin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
