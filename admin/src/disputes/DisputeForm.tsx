import { DateInput, SimpleForm } from 'react-admin';
import { formInputs, useResourceDefinition, type FormMode } from '../registry';
import { useDisputeTexts } from './texts';

/**
 * The form's values as sent: inputs left empty are left out (the API sets their defaults), and the due
 * date chosen as a day is its last second, UTC.
 */
export const disputeBody = (data: Record<string, unknown>) => {
  const body = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== '' && value != null));
  const day = typeof body.dueBy === 'string' ? body.dueBy.slice(0, 10) : '';
  if (/^\d{4}-\d\d-\d\d$/.test(day)) body.dueBy = `${day}T23:59:59Z`;
  return body;
};

/**
 * A dispute's form, inputs and validators from the registry: opened by hand (create, the order page's
 * ChargeBack) or changed (edit). `given` are fields the screen sets itself (the order, on the order page).
 */
export function DisputeForm({
  mode,
  given = [],
  toolbar,
  record,
}: {
  mode: FormMode;
  given?: string[];
  toolbar?: React.ReactElement | false;
  /** The values it starts from when it stands inside another record's page (the order's). */
  record?: Record<string, unknown>;
}) {
  const definition = useResourceDefinition('disputes');
  const { texts } = useDisputeTexts();
  if (!definition) return null;
  const inputs = formInputs(
    {
      ...definition,
      fields: definition.fields.filter((f) => f.source !== 'dueBy' && (mode === 'edit' || f.source !== 'status')),
    },
    mode,
    {},
    given,
  );
  return (
    <SimpleForm toolbar={toolbar} record={record} sx={{ maxWidth: 640 }}>
      {inputs}
      {/* Left empty, the API sets the network's usual window from today (RESPONSE_WINDOW_DAYS). */}
      <DateInput source="dueBy" label="resources.disputes.fields.dueBy" helperText={texts.dueDefault} />
    </SimpleForm>
  );
}
