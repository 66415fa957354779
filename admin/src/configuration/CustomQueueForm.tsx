import type { ReactElement, ReactNode } from 'react';
import { Box, FormHelperText, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/AddCircleOutline';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { useController, useFormContext } from 'react-hook-form';
import {
  ArrayInput,
  Button,
  CheckboxGroupInput,
  FormDataConsumer,
  maxLength,
  NumberInput,
  regex,
  required,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useRecordContext,
  useSimpleFormIterator,
  useTranslate,
  useTranslateLabel,
} from 'react-admin';
import {
  CONFIGURATION_LIMITS,
  listFilterKeys,
  QUEUE_ID_PATTERN,
  RESERVED_FILTER_KEYS,
  RESERVED_QUEUE_ID,
  ROLES,
  statusLabel,
  STATUSES,
  type CustomQueueRecord,
  type FieldDefinition,
  type ResourceDefinition,
} from '@app/domain';
import { inputFor, useResourceDefinition } from '../registry';
import { CUSTOM_QUEUE_ICONS } from '../queues/customQueueIcons';
import type { CustomQueueRow } from './rows';
import { choicesOf } from '../shared/choices';

const T = 'resources.custom-queues';

/** One condition of a queue's filter as the form edits it: a filter key and its value. */
export interface Condition {
  key: string;
  value: unknown;
}

/** The form's values: the record, its filter as a list of conditions. */
export type CustomQueueFormValues = Omit<CustomQueueRecord, 'filter'> & { conditions?: Condition[] };

export const conditionsOf = (filter: Record<string, unknown> | undefined): Condition[] =>
  Object.entries(filter ?? {}).map(([key, value]) => ({ key, value }));

/** The form's conditions back into a filter object. */
export const filterOf = (conditions: Condition[] | undefined) =>
  Object.fromEntries((conditions ?? []).map((condition) => [condition.key, condition.value]));

/** The record as the API takes it: the conditions back into the filter object; no id: the API derives it. */
export const queueRecordOf = ({ conditions, id, ...queue }: CustomQueueFormValues): Partial<CustomQueueRecord> => ({
  ...(id ? { id } : {}),
  ...queue,
  filter: filterOf(conditions),
});

const VALIDATE = {
  id: [
    regex(new RegExp(QUEUE_ID_PATTERN), `${T}.validation.key`),
    (id: string | null) => (id === RESERVED_QUEUE_ID ? `${T}.validation.reserved` : undefined),
  ],
  name: [required(), maxLength(CONFIGURATION_LIMITS.labelLength)],
  // required() marks the input (an asterisk) and takes an empty list for none.
  statuses: [required(`${T}.validation.oneStatus`)],
  roles: [required(`${T}.validation.oneRole`)],
  position: [required()],
  conditionKey: [required(`${T}.validation.fieldValue`)],
  conditionValue: [required(`${T}.validation.fieldValue`)],
};

const STATUS_CHOICES = STATUSES.map((status) => ({ id: status, name: statusLabel(status) }));
const ICON_CHOICES = Object.keys(CUSTOM_QUEUE_ICONS).map((icon) => ({ id: icon, name: icon.replace('_', ' ') }));

/**
 * The filter keys a queue may use (the list's own filters, the queue and search aside; its statuses are
 * its own), by label; a rule's conditions read its fields (`fieldsOf`) and statuses too.
 */
function useFilterKeys(fieldsOf: FilterEditorProps['fieldsOf'], withStatus: boolean) {
  const orders = useResourceDefinition('orders');
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const keys = orders ? [...listFilterKeys(fieldsOf ? fieldsOf(orders) : orders)] : [];
  const usable = keys.filter(
    ([key, { field }]) => !RESERVED_FILTER_KEYS.includes(key) && (withStatus || field.source !== 'process_status'),
  );
  const choices = usable.map(([key, { field, op }]) => {
    const label = String(translateLabel({ source: field.source, label: field.label, resource: 'orders' }));
    return { id: key, name: op === 'gte' || op === 'lte' ? translate(`app.filters.${op}`, { field: label }) : label };
  });
  return { choices, fieldOf: (key: string) => usable.find(([candidate]) => candidate === key)?.[1].field };
}

/** The value input of a condition: the field's own input (a select of its choices, a date, a number...). */
function valueInput(field: FieldDefinition | undefined): ReactElement {
  if (!field) return <TextInput source="value" label={`${T}.filterEditor.value`} disabled />;
  // A range bound is a date or a number, whatever the field's time of day.
  const type = field.type === 'datetime' ? 'date' : field.type;
  return inputFor(
    { ...field, type, validate: undefined },
    { source: 'value', label: `${T}.filterEditor.value`, validate: VALIDATE.conditionValue, helperText: false },
  );
}

interface FilterEditorProps {
  /** The catalogue keys of its heading and help. */
  title?: string;
  help?: string;
  fieldsOf?: (orders: Pick<ResourceDefinition, 'fields'>) => Pick<ResourceDefinition, 'fields'>;
  withStatus?: boolean;
}

/**
 * The API's refusal of the queue's filter (its `errors.filter`: a field the roles may not read, a value off
 * its choices), shown under the conditions, where the Admin fixes it. `filter` is registered so that the next
 * submit clears it (an error on a name no input holds would keep the form from submitting again); the
 * conditions make the filter sent (queueRecordOf).
 */
function FilterRefusal() {
  const { fieldState } = useController({ name: 'filter' });
  const message = fieldState.error?.message;
  return typeof message === 'string' ? (
    <FormHelperText error role="alert">
      {message}
    </FormHelperText>
  ) : null;
}

/** The iterator's add button, labelled in words rather than a bare icon with a tooltip. */
function AddConditionButton() {
  const { add } = useSimpleFormIterator();
  return (
    <Button label={`${T}.filterEditor.add`} onClick={() => add()}>
      <AddIcon />
    </Button>
  );
}

/**
 * A filter: conditions a list filter has (a field, then its value with the field's input), kept in the
 * form's `conditions` (conditionsOf and filterOf convert). A custom queue's, and a rule's conditions.
 */
export function FilterEditor({
  title = `${T}.fields.filter`,
  help = `${T}.help.filter`,
  fieldsOf,
  withStatus = false,
}: FilterEditorProps) {
  const translate = useTranslate();
  const { choices, fieldOf } = useFilterKeys(fieldsOf, withStatus);
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="subtitle1" component="h3">
        {translate(title)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(help)}
      </Typography>
      <ArrayInput source="conditions" label={false}>
        <SimpleFormIterator inline disableReordering disableClear addButton={<AddConditionButton />}>
          <SelectInput
            source="key"
            label={`${T}.filterEditor.field`}
            choices={choices}
            validate={VALIDATE.conditionKey}
            helperText={false}
          />
          <FormDataConsumer>
            {({ scopedFormData }) => {
              const key = (scopedFormData as Condition | undefined)?.key;
              return valueInput(key ? fieldOf(key) : undefined);
            }}
          </FormDataConsumer>
        </SimpleFormIterator>
      </ArrayInput>
    </Box>
  );
}

/** Ticks every status: a queue of all orders that pass its filter. */
function AllStatusesButton() {
  const { setValue } = useFormContext();
  return (
    <Button
      label={`${T}.statusesAll`}
      onClick={() => setValue('statuses', [...STATUSES], { shouldDirty: true, shouldValidate: true })}
      sx={{ mb: 2 }}
    >
      <DoneAllIcon />
    </Button>
  );
}

const Row = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, width: '100%', '& > *': { flex: '1 1 220px' } }}>
    {children}
  </Box>
);

/** The custom queue form (Create and Edit), its validators the API's rules. */
export function CustomQueueForm({ adding = false, toolbar }: { adding?: boolean; toolbar?: ReactElement }) {
  const queue = useRecordContext<CustomQueueRow>();
  return (
    <SimpleForm
      toolbar={toolbar}
      // Defaults for a new queue only: react-admin merges them into a record index by index, so a queue's
      // two roles over the five defaults would show five.
      defaultValues={
        adding
          ? { statuses: [], roles: [...ROLES], icon: 'inbox', conditions: [] }
          : { conditions: conditionsOf(queue?.filter) }
      }
      sx={{ maxWidth: 900 }}
      data-testid="custom-queue-form"
    >
      <Row>
        <TextInput source="name" validate={VALIDATE.name} />
        <TextInput source="id" validate={VALIDATE.id} disabled={!adding} helperText={`${T}.help.id`} />
      </Row>
      <CheckboxGroupInput source="statuses" choices={STATUS_CHOICES} validate={VALIDATE.statuses} />
      <AllStatusesButton />
      <FilterEditor />
      <FilterRefusal />
      <CheckboxGroupInput source="roles" choices={choicesOf(ROLES)} validate={VALIDATE.roles} />
      <Row>
        <SelectInput source="icon" choices={ICON_CHOICES} />
        {/* A new queue left without a position goes last (the API's last + 10). */}
        <NumberInput
          source="position"
          validate={adding ? undefined : VALIDATE.position}
          helperText={adding ? `${T}.help.newPosition` : `${T}.help.position`}
        />
      </Row>
    </SimpleForm>
  );
}
