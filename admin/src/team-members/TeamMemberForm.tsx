import { SaveButton, SimpleForm, Toolbar, usePermissions, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { canManageMember, isRole, ROLES } from '@app/domain';
import { formInputs, useResourceDefinition, type FormMode } from '../registry';

/** The roles the signed-in member may give: their own and those below it (docs/product.md#roles-and-permissions). */
function useGrantableRoles() {
  const { permissions: role } = usePermissions<string>();
  return ROLES.filter((type) => isRole(role) && canManageMember(role, type)).map((type) => ({ id: type, name: type }));
}

/**
 * The team member form, its inputs and validators from the registry's 'form' fields (the old system's
 * messages); the role choices narrowed to those the member may give. On edit an empty password keeps the
 * current one (its `required: 'create'` rule), which the edit view leaves out of the update.
 */
export function TeamMemberForm({ mode }: { mode: FormMode }) {
  const translate = useTranslate();
  const roles = useGrantableRoles();
  const definition = useResourceDefinition('team-members');
  if (!definition) return null;
  const adding = mode === 'create';
  return (
    <Box data-testid="team-form">
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton
              label={adding ? 'resources.team-members.add' : 'resources.team-members.update'}
              icon={<></>}
              alwaysEnable
            />
          </Toolbar>
        }
        sx={{ maxWidth: 640 }}
        disableInvalidFormNotification
      >
        <Typography variant="h6" component="h2">
          {translate(adding ? 'resources.team-members.addTitle' : 'resources.team-members.editTitle')}
        </Typography>
        {formInputs(definition, mode, {
          name: { autoComplete: 'off' },
          email: { autoComplete: 'off' },
          type: { choices: roles },
          password: {
            autoComplete: 'new-password',
            helperText: adding ? false : 'resources.team-members.passwordKeep',
          },
        })}
      </SimpleForm>
    </Box>
  );
}
