import { AppBar as RaAppBar, Logout, TitlePortal, UserMenu, useGetIdentity, useTranslate } from 'react-admin';
import { Avatar, Typography } from '@mui/material';
import { COUNTRY_NAME } from '../config';

/** Header: the country name, 'Welcome {name}', the avatar and a menu with Logout (SPEC section 2). */
export function AppBar() {
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  return (
    <RaAppBar
      userMenu={
        <UserMenu icon={<Avatar sx={{ width: 32, height: 32 }}>{identity?.fullName?.[0] ?? '?'}</Avatar>}>
          <Logout />
        </UserMenu>
      }
    >
      <Typography variant="h6" component="span" sx={{ mr: 2 }}>
        {COUNTRY_NAME}
      </Typography>
      <TitlePortal />
      {identity?.fullName && (
        <Typography
          variant="body1"
          component="span"
          data-testid="welcome"
          sx={{ display: { xs: 'none', sm: 'block' }, mr: 1 }}
        >
          {translate('app.header.welcome', { name: identity.fullName })}
        </Typography>
      )}
    </RaAppBar>
  );
}
