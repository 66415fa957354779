import { useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import {
  BooleanField,
  BooleanInput,
  DataTable,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextInput,
  maxLength,
  required,
  useRecordContext,
  useTranslate,
  useTranslateLabel,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import {
  AUTOMATION_LIMITS,
  STATUSES,
  TRIGGER_EVENTS,
  cleanAction,
  conditionFieldsOf,
  statusLabel,
  type RuleRecord,
} from '@app/domain';
import { apiUrl, httpClient } from '../providers/httpClient';
import { conditionsOf, FilterEditor, filterOf, type Condition } from '../configuration/CustomQueueForm';
import { useResourceDefinition } from '../registry';
import { ActionsInput } from './ActionsInput';
import { RecordCreate, RecordEdit, RecordList } from './RecordViews';

const R = 'resources.automation-rules';
const STATUS_CHOICES = STATUSES.map((status) => ({ id: status, name: statusLabel(status) }));
const EVENT_CHOICES = TRIGGER_EVENTS.map((event) => ({ id: event, name: event }));
const TRIGGER_TYPES = ['event', 'time'].map((type) => ({ id: type, name: `${R}.trigger.types.${type}` }));

type RuleFormValues = Omit<RuleRecord, 'conditions'> & { conditionList?: Condition[] };

/** The rule as the API takes it: conditions back into an object, each action with only its own properties. */
const ruleOf = ({ conditionList, trigger, actions, ...rule }: RuleFormValues) => ({
  name: rule.name,
  enabled: rule.enabled ?? true,
  position: rule.position ?? 0,
  trigger:
    trigger.type === 'time'
      ? 'field' in trigger && trigger.field
        ? { type: 'time', field: trigger.field, afterMinutes: trigger.afterMinutes }
        : { type: 'time', status: 'status' in trigger ? trigger.status : undefined, afterMinutes: trigger.afterMinutes }
      : Object.fromEntries(
          Object.entries({ type: 'event', event: trigger.event, to: trigger.to }).filter(([, v]) => v),
        ),
  conditions: filterOf(conditionList),
  actions: (actions ?? []).map((action) => cleanAction(action as Record<string, unknown>)),
});

/** The custom date and datetime fields a time rule may count from. */
function useDateFieldChoices() {
  const orders = useResourceDefinition('orders');
  const translateLabel = useTranslateLabel();
  return (orders?.fields ?? [])
    .filter((field) => field.custom && (field.type === 'date' || field.type === 'datetime'))
    .map((field) => ({
      id: field.source,
      name: String(translateLabel({ source: field.source, label: field.label, resource: 'orders' })),
    }));
}

/** The trigger: an event (and the status it moves into), or a time in a status or from a date field. */
function TriggerInput() {
  const dateFields = useDateFieldChoices();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
      <SelectInput source="trigger.type" label={`${R}.trigger.type`} choices={TRIGGER_TYPES} validate={required()} />
      <FormDataConsumer>
        {({ formData }) =>
          (formData as RuleFormValues).trigger?.type === 'time' ? (
            <>
              {(formData as { trigger: { field?: string } }).trigger.field ? null : (
                <SelectInput
                  source="trigger.status"
                  label={`${R}.trigger.status`}
                  choices={STATUS_CHOICES}
                  validate={required()}
                />
              )}
              {dateFields.length > 0 && (
                <SelectInput
                  source="trigger.field"
                  label={`${R}.trigger.field`}
                  choices={dateFields}
                  emptyText="—"
                  helperText={`${R}.help.field`}
                />
              )}
              <NumberInput
                source="trigger.afterMinutes"
                label={`${R}.trigger.afterMinutes`}
                validate={required()}
                helperText={`${R}.help.afterMinutes`}
              />
            </>
          ) : (
            <>
              <SelectInput
                source="trigger.event"
                label={`${R}.trigger.event`}
                choices={EVENT_CHOICES}
                validate={required()}
              />
              <SelectInput source="trigger.to" label={`${R}.trigger.to`} choices={STATUS_CHOICES} emptyText="—" />
            </>
          )
        }
      </FormDataConsumer>
    </Box>
  );
}

/** Dry run: how many orders the rule as it stands in the form would touch now, changing nothing. */
function DryRunButton() {
  const translate = useTranslate();
  const { getValues } = useFormContext<RuleFormValues>();
  const [answer, setAnswer] = useState<{ severity: 'info' | 'error'; text: string } | null>(null);
  const run = async () => {
    try {
      const { json } = await httpClient(apiUrl('automation-rules/dry-run'), {
        method: 'POST',
        body: JSON.stringify(ruleOf(getValues())),
      });
      const { count, ids } = json as { count: number; ids: number[] };
      const text = count
        ? translate(`${R}.dryRun.result`, { count, ids: ids.join(', ') })
        : translate(`${R}.dryRun.none`);
      setAnswer({ severity: 'info', text });
    } catch (error) {
      setAnswer({ severity: 'error', text: (error as Error).message });
    }
  };
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <Button variant="outlined" startIcon={<PlayCircleOutlineIcon />} onClick={run} data-testid="dry-run">
        {translate(`${R}.dryRun.button`)}
      </Button>
      {answer && (
        <Alert severity={answer.severity} sx={{ mt: 1 }} data-testid="dry-run-result" role="status">
          {answer.text}
        </Alert>
      )}
    </Box>
  );
}

function RuleForm() {
  const rule = useRecordContext<RuleRecord>();
  return (
    <SimpleForm
      defaultValues={{
        enabled: true,
        position: 0,
        trigger: { type: 'event' },
        actions: [],
        conditionList: conditionsOf(rule?.conditions),
      }}
      sx={{ maxWidth: 1000 }}
      data-testid="rule-form"
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, width: '100%' }}>
        <TextInput source="name" validate={[required(), maxLength(AUTOMATION_LIMITS.nameLength)]} />
        <BooleanInput source="enabled" />
        <NumberInput source="position" helperText={`${R}.help.position`} />
      </Box>
      <TriggerInput />
      <FilterEditor
        title={`${R}.fields.conditions`}
        help={`${R}.help.conditions`}
        fieldsOf={conditionFieldsOf}
        withStatus
      />
      <ActionsInput />
      <DryRunButton />
    </SimpleForm>
  );
}

const transform = (values: RuleFormValues) => ruleOf(values);

export const RuleCreate = () => (
  <RecordCreate tab="automation-rules" title={`${R}.createTitle`} transform={transform}>
    <RuleForm />
  </RecordCreate>
);

export const RuleEdit = () => (
  <RecordEdit tab="automation-rules" transform={transform}>
    <RuleForm />
  </RecordEdit>
);

function TriggerField() {
  const rule = useRecordContext<RuleRecord>();
  const translate = useTranslate();
  if (!rule) return null;
  const { trigger } = rule;
  return trigger.type === 'time' ? (
    <>{`${'field' in trigger ? trigger.field : statusLabel(trigger.status)} ${'field' in trigger ? '+' : '≥'} ${trigger.afterMinutes} min`}</>
  ) : (
    <>{`${translate(`${R}.trigger.types.event`)}: ${trigger.event}${trigger.to ? ` → ${statusLabel(trigger.to)}` : ''}`}</>
  );
}

function ActionsField() {
  const rule = useRecordContext<Pick<RuleRecord, 'actions'>>();
  const translate = useTranslate();
  return <>{rule?.actions.map((a) => translate(`${R}.actions.types.${a.type}`)).join(', ')}</>;
}

export const RuleList = () => (
  <RecordList tab="automation-rules" sort="position">
    <DataTable.Col source="name" />
    <DataTable.Col source="enabled">
      <BooleanField source="enabled" />
    </DataTable.Col>
    <DataTable.Col source="trigger" disableSort>
      <TriggerField />
    </DataTable.Col>
    <DataTable.Col source="actions" disableSort>
      <ActionsField />
    </DataTable.Col>
    <DataTable.Col source="position" />
  </RecordList>
);

export { ActionsField };
