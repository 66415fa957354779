import { forwardRef } from 'react';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import SecurityIcon from '@mui/icons-material/Security';
import { useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';
import { ACCOUNT_SECURITY_ROUTE } from '../../shared/routes';
import { useSecurityText } from './text';

/** "My sessions and security" in the avatar menu. */
export const SecurityMenuItem = forwardRef<HTMLAnchorElement>(function SecurityMenuItem(props, ref) {
  const text = useSecurityText();
  const userMenu = useUserMenu();
  return (
    <MenuItem
      ref={ref}
      component={Link}
      to={`/admin/${ACCOUNT_SECURITY_ROUTE}`}
      onClick={() => userMenu?.onClose()}
      {...props}
    >
      <ListItemIcon>
        <SecurityIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{text.menu}</ListItemText>
    </MenuItem>
  );
});
