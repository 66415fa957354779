import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { DateInput, SimpleForm } from 'react-admin';
import { dayjs, RESPONSE_WINDOW_DAYS, type DisputeNetwork } from '@app/domain';
import { formInputs, useResourceDefinition, type FormMode } from '../registry';
import { useDisputeTexts } from './texts';

/** The due date as a day: the form shows the stored UTC day and sends the last second of the chosen one. */
const dueProps = {
  format: (value: unknown) => (value ? String(value).slice(0, 10) : ''),
  parse: (value: string) => (value ? `${value}T23:59:59Z` : null),
};

/** Fills the due date from the network's usual window while the member has not chosen one. */
function DueByFromNetwork() {
  const network = useWatch({ name: 'network' }) as DisputeNetwork | undefined;
  const { setValue, getFieldState } = useFormContext();
  useEffect(() => {
    if (!network || getFieldState('dueBy').isDirty) return;
    const day = dayjs.utc().add(RESPONSE_WINDOW_DAYS[network], 'day').format('YYYY-MM-DD');
    setValue('dueBy', `${day}T23:59:59Z`);
  }, [network, setValue, getFieldState]);
  return null;
}

/**
 * A dispute's form, inputs and validators from the registry: opened by hand (create, the order page's
 * ChargeBack) or changed (edit). `given` are fields the screen sets itself (the order, on the order page).
 */
export function DisputeForm({
  mode,
  given = [],
  toolbar,
}: {
  mode: FormMode;
  given?: string[];
  toolbar?: React.ReactElement | false;
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
    <SimpleForm toolbar={toolbar} sx={{ maxWidth: 640 }}>
      {inputs}
      <DateInput source="dueBy" label="resources.disputes.fields.dueBy" helperText={texts.dueDefault} {...dueProps} />
      {mode === 'create' && <DueByFromNetwork />}
    </SimpleForm>
  );
}
