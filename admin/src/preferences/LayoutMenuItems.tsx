import { forwardRef, useState } from 'react';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  ListItemIcon,
  ListItemText,
  MenuItem,
} from '@mui/material';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import PublishIcon from '@mui/icons-material/PublishOutlined';
import { useMutation } from '@tanstack/react-query';
import {
  Button,
  Form,
  SaveButton,
  SelectInput,
  required,
  useNotify,
  usePermissions,
  useStoreContext,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { can, ROLES, type Role } from '@app/domain';
import type { PreferencesStore } from './store';

const usePreferencesStore = () => useStoreContext() as PreferencesStore;

/** "Reset to my role's layout": the member's own columns, column order and sections go; their role's apply. */
export const ResetLayoutMenuItem = forwardRef<HTMLLIElement>(function ResetLayoutMenuItem(_, ref) {
  const translate = useTranslate();
  const notify = useNotify();
  const store = usePreferencesStore();
  const userMenu = useUserMenu();
  const reset = useMutation({
    mutationFn: () => store.resetLayout(),
    onSuccess: () => notify('app.preferences.layoutReset', { type: 'success' }),
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  return (
    <MenuItem
      ref={ref}
      disabled={reset.isPending}
      onClick={() => {
        userMenu?.onClose();
        reset.mutate();
      }}
    >
      <ListItemIcon>
        <RestartAltIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.preferences.resetLayout')}</ListItemText>
    </MenuItem>
  );
});

/**
 * For Admins: makes their current layout (every list's columns and order, the order page's sections)
 * the default of a role they pick. Members of the role who chose their own layout keep it.
 */
export const PublishLayoutMenuItem = forwardRef<HTMLLIElement>(function PublishLayoutMenuItem(_, ref) {
  const translate = useTranslate();
  const notify = useNotify();
  const store = usePreferencesStore();
  const userMenu = useUserMenu();
  const { permissions: role } = usePermissions<Role>();
  const [open, setOpen] = useState(false);
  const publish = useMutation({
    mutationFn: (target: Role) => store.publishLayout(target),
    onSuccess: (_count, target) => {
      setOpen(false);
      userMenu?.onClose();
      notify('app.preferences.layoutPublished', { type: 'success', messageArgs: { role: target } });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (!can(role, 'preferences.publish')) return null;
  return (
    <>
      <MenuItem ref={ref} onClick={() => setOpen(true)}>
        <ListItemIcon>
          <PublishIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate('app.preferences.publishLayout')}</ListItemText>
      </MenuItem>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          userMenu?.onClose();
        }}
        aria-labelledby="publish-layout-title"
        fullWidth
        maxWidth="xs"
      >
        <Form onSubmit={(values: { role?: Role }) => publish.mutate(values.role!)} record={{ role: 'Team' }}>
          <DialogTitle id="publish-layout-title">{translate('app.preferences.publishLayout')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{translate('app.preferences.publishHelp')}</DialogContentText>
            <SelectInput
              source="role"
              label="app.preferences.role"
              choices={ROLES.map((r) => ({ id: r, name: r }))}
              validate={required()}
              fullWidth
            />
          </DialogContent>
          <DialogActions>
            <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
            <SaveButton
              label="app.preferences.publish"
              icon={<PublishIcon />}
              alwaysEnable
              disabled={publish.isPending}
            />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
});
