import {
  SaveButton,
  SimpleForm,
  Toolbar,
  useCanAccess,
  usePermissions,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { Alert, Box, Typography } from '@mui/material';
import { canManageMember, isRole, ROLES } from '@app/domain';
import { formInputs, useResourceDefinition, type FormMode } from '../registry';

const roleChoices = (roles: readonly string[]) => roles.map((type) => ({ id: type, name: type }));

/** The roles the signed-in member may give: their own and those below it (docs/product.md#roles-and-permissions). */
function useGrantableRoles() {
  const { permissions: role } = usePermissions<string>();
  return roleChoices(ROLES.filter((type) => isRole(role) && canManageMember(role, type)));
}

/**
 * The team member form, its inputs and validators from the registry's 'form' fields (the old system's
 * messages); the role choices narrowed to those the member may give. On edit an empty password keeps the
 * current one (its `required: 'create'` rule), which the edit view leaves out of the update.
 * A member the signed-in member may not change (the auth provider's canAccess, the API's rule) shows read-only:
 * every role among the choices so that theirs shows, no password, no button, and a line saying why.
 */
export function TeamMemberForm({ mode }: { mode: FormMode }) {
  const translate = useTranslate();
  const grantable = useGrantableRoles();
  const definition = useResourceDefinition('team-members');
  const record = useRecordContext();
  const resource = useResourceContext();
  const adding = mode === 'create';
  const access = useCanAccess({ action: 'edit', resource, record, enabled: !adding && !!record });
  if (!definition || (!adding && (!record || access.isPending))) return null;
  const readOnly = !adding && !access.canAccess;
  const inputProps = readOnly ? { disabled: true } : {};
  return (
    <Box data-testid="team-form">
      <SimpleForm
        toolbar={
          readOnly ? (
            false
          ) : (
            <Toolbar>
              <SaveButton
                label={adding ? 'resources.team-members.add' : 'resources.team-members.update'}
                icon={<></>}
                alwaysEnable
              />
            </Toolbar>
          )
        }
        sx={{ maxWidth: 640 }}
        disableInvalidFormNotification
      >
        <Typography variant="h6" component="h2">
          {translate(adding ? 'resources.team-members.addTitle' : 'resources.team-members.editTitle')}
        </Typography>
        {readOnly && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="member-read-only">
            {translate('resources.team-members.readOnly', { role: record?.type })}
          </Alert>
        )}
        {formInputs(
          definition,
          mode,
          {
            name: { autoComplete: 'off', ...inputProps },
            email: { autoComplete: 'off', ...inputProps },
            type: { choices: readOnly ? roleChoices(ROLES) : grantable, ...inputProps },
            password: {
              autoComplete: 'new-password',
              helperText: adding ? false : 'resources.team-members.passwordKeep',
            },
          },
          readOnly ? ['password'] : [],
        )}
      </SimpleForm>
    </Box>
  );
}
