import { createElement, type ComponentType } from 'react';
import { CssBaseline } from '@mui/material';
import {
  AccessDenied,
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  Error as ErrorPage,
  LoadingPage,
  type AdminContextProps,
  type CoreAdminUIProps,
} from 'react-admin';

type ShellProps = CoreAdminUIProps &
  Pick<AdminContextProps, 'authProvider' | 'basename' | 'dataProvider' | 'i18nProvider' | 'store' | 'theme'> & {
    notification: ComponentType;
  };

/**
 * react-admin's <Admin> without its defaults that this app replaces: <Admin> names react-admin's own sign-in form
 * (and with it the form library and its inputs), a default store and i18n provider even when they are overridden,
 * which put 26 KB gzipped into the first download. The same contexts and routes, with the app's own
 * sign-in page, store, texts and toasts always given.
 */
export function Admin({
  authProvider,
  basename,
  dataProvider,
  i18nProvider,
  store,
  theme,
  notification,
  children,
  ...ui
}: ShellProps) {
  return (
    <AdminContext
      authProvider={authProvider}
      basename={basename}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          accessDenied={AccessDenied}
          authenticationError={AuthenticationError}
          error={ErrorPage}
          loading={LoadingPage}
          {...ui}
        >
          {children}
        </CoreAdminUI>
        {createElement(notification)}
      </CssBaseline>
    </AdminContext>
  );
}
