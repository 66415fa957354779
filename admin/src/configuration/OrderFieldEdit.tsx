import { Box } from '@mui/material';
import RestoreIcon from '@mui/icons-material/Restore';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Button,
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  Toolbar,
  useDelete,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { fieldRecordOf, OrderFieldForm } from './OrderFieldForm';
import { ConfigurationTabs } from './ConfigurationTabs';
import type { OrderFieldRow } from './rows';

const T = 'resources.order-fields';

/**
 * The edit form's buttons: Save, and by the field's kind Remove (a custom field: DELETE hides it and keeps
 * its values), Restore (a removed one: PUT removed false) or Restore default (a built-in one: DELETE drops
 * the overrides).
 */
function FieldToolbar() {
  const field = useRecordContext<OrderFieldRow>();
  const notify = useNotify();
  const redirect = useRedirect();
  const [remove, removing] = useDelete();
  const [update, updating] = useUpdate();
  if (!field) return null;
  const done = (message: string) => ({
    onSuccess: () => {
      notify(`${T}.notify.${message}`, { type: 'success', messageArgs: { id: field.id } });
      redirect('list', 'order-fields');
    },
    onError: (error: unknown) => notify((error as Error).message, { type: 'error' }),
  });
  const busy = removing.isPending || updating.isPending;
  const deleteIt = (message: string) =>
    remove('order-fields', { id: field.id, previousData: field }, { mutationMode: 'pessimistic', ...done(message) });
  let extra = null;
  if (field.builtIn)
    extra = (
      <Button label={`${T}.actions.restoreDefault`} onClick={() => deleteIt('defaultRestored')} disabled={busy}>
        <RestoreIcon />
      </Button>
    );
  else if (field.removed)
    extra = (
      <Button
        label={`${T}.actions.restore`}
        disabled={busy}
        onClick={() =>
          update(
            'order-fields',
            { id: field.id, data: { ...field, removed: false }, previousData: field },
            { mutationMode: 'pessimistic', ...done('restored') },
          )
        }
      >
        <RestoreIcon />
      </Button>
    );
  else
    extra = (
      <DeleteWithConfirmButton
        label={`${T}.actions.remove`}
        icon={<DeleteOutlineIcon />}
        mutationMode="pessimistic"
        mutationOptions={done('removed')}
        confirmTitle={`${T}.confirmRemove.title`}
        confirmContent={`${T}.confirmRemove.content`}
        titleTranslateOptions={{ label: field.label ?? field.id }}
        contentTranslateOptions={{ label: field.label ?? field.id }}
        disabled={busy}
      />
    );
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      <Box sx={{ flexGrow: 1 }} />
      {extra}
    </Toolbar>
  );
}

/** Only the record's own properties go back: not the code's defaults nor the lock the API adds. */
const withoutReadOnly = ({ defaults: _defaults, locked: _locked, ...field }: OrderFieldRow) => fieldRecordOf(field);

/** Configuration: a custom field's every property, or a built-in field's overrides beside its defaults. */
export default function OrderFieldEdit() {
  const notify = useNotify();
  const translate = useTranslate();
  // A mutation's own onSuccess replaces react-admin's (notify and redirect): it goes back to the list itself.
  const redirect = useRedirect();
  return (
    <>
      <ConfigurationTabs current="order-fields" />
      <Edit<OrderFieldRow>
        title={<EditTitle />}
        mutationMode="pessimistic"
        transform={withoutReadOnly}
        actions={false}
        mutationOptions={{
          onSuccess: (field: OrderFieldRow) => {
            notify(translate(`${T}.notify.updated`, { id: field.id }), { type: 'success' });
            redirect('list', 'order-fields');
          },
        }}
      >
        <OrderFieldForm toolbar={<FieldToolbar />} />
      </Edit>
    </>
  );
}

function EditTitle() {
  const field = useRecordContext<OrderFieldRow>();
  const translate = useTranslate();
  return <>{translate(`${T}.editTitle`, { id: field?.id ?? '' })}</>;
}
