import { useState } from 'react';
import { AppBar as RaAppBar, LoadingIndicator, useGetIdentity, useLogout, useTranslate } from 'react-admin';
import { Avatar, Box, IconButton, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import { COUNTRY_NAME } from '../config';
import { LanguageSwitch } from './LanguageSwitch';

/** The avatar opening a dropdown with Logout. */
function AccountMenu({ name }: { name?: string }) {
  const translate = useTranslate();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={translate('ra.auth.user_menu')}
        aria-haspopup
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="account-menu"
      >
        <Avatar sx={{ width: 32, height: 32 }}>{name?.[0] ?? '?'}</Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => logout()}>
          <ListItemIcon>
            <PowerSettingsNewIcon fontSize="small" />
          </ListItemIcon>
          {translate('app.header.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}

/**
 * Header (SPEC section 2): the country name, 'Welcome {name}', the language switch and the avatar with
 * Logout. On phones the welcome line sits under the country name so that both fit.
 */
export function AppBar() {
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  return (
    <RaAppBar
      toolbar={
        <>
          <LanguageSwitch />
          <LoadingIndicator />
        </>
      }
      userMenu={<AccountMenu name={identity?.fullName} />}
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
