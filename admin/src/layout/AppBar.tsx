import { createContext, lazy, Suspense, useContext, type ReactNode } from 'react';
import { AppBar as RaAppBar, LoadingIndicator, Logout, UserMenu, useGetIdentity, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { COUNTRY_NAME } from '../shared/config';
import { LanguageSwitch } from './LanguageSwitch';
import { Bell } from '../notifications/Bell';

// The user menu's preference items (and their dialogs, the zone picker's autocomplete among them) load when the
// menu first opens: no screen needs them to draw. Logout waits with them, so that it never moves down under a
// pointer already aiming at it when they arrive (that click would reset the layout instead).
const SecurityMenuItem = lazy(() =>
  import('../account/security').then((module) => ({ default: module.SecurityMenuItem })),
);
const TimeZoneMenuItem = lazy(() =>
  import('../preferences/TimeZoneMenuItem').then((module) => ({ default: module.TimeZoneMenuItem })),
);
const ResetLayoutMenuItem = lazy(() =>
  import('../preferences/LayoutMenuItems').then((module) => ({ default: module.ResetLayoutMenuItem })),
);
const PublishLayoutMenuItem = lazy(() =>
  import('../preferences/LayoutMenuItems').then((module) => ({ default: module.PublishLayoutMenuItem })),
);

/**
 * What the app puts at the head of the header's tools (search everywhere and the shortcut keys, App.tsx): the
 * layout draws them without importing a screen's code.
 */
export const HeaderTools = createContext<ReactNode>(null);

/**
 * Header: the country name, 'Welcome {name}', the language switch and react-admin's
 * UserMenu (the avatar) with Logout. On phones the welcome line sits under the country name so that both fit.
 */
export function AppBar() {
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const tools = useContext(HeaderTools);
  return (
    <RaAppBar
      toolbar={
        <>
          <Suspense>{tools}</Suspense>
          <Bell />
          <LanguageSwitch />
          <LoadingIndicator />
        </>
      }
      userMenu={
        // Named by the member, as its visible text reads, with Logout inside.
        <UserMenu label={identity?.fullName ?? translate('app.header.accountMenu')}>
          <Suspense>
            <SecurityMenuItem />
            <TimeZoneMenuItem />
            <ResetLayoutMenuItem />
            <PublishLayoutMenuItem />
            <Logout />
          </Suspense>
        </UserMenu>
      }
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { sm: 'center' },
          flexGrow: 1,
          minWidth: 0,
        }}
      >
        <Typography variant="h6" component="span" noWrap sx={{ flexGrow: 1, fontSize: { xs: 17, sm: 20 } }}>
          {COUNTRY_NAME}
        </Typography>
        {identity?.fullName && (
          <Typography
            variant="body1"
            component="span"
            noWrap
            data-testid="welcome"
            sx={{ fontSize: { xs: 12, sm: 16 }, mr: 1, lineHeight: { xs: 1.3, sm: 1.5 } }}
          >
            {translate('app.header.welcome', { name: identity.fullName })}
          </Typography>
        )}
      </Box>
    </RaAppBar>
  );
}
