import { Box, Typography } from '@mui/material';
import {
  CheckboxGroupInput,
  DataTable,
  NumberInput,
  SimpleForm,
  TextInput,
  maxLength,
  maxValue,
  minValue,
  regex,
  required,
  useLocaleState,
  useRecordContext,
} from 'react-admin';
import {
  AUTOMATION_LIMITS,
  DEFAULT_PAUSE_STATUSES,
  STATUSES,
  cleanAction,
  conditionFieldsOf,
  statusLabel,
  type SlaPolicyRecord,
} from '@app/domain';
import { conditionsOf, FilterEditor, filterOf, type Condition } from '../configuration/CustomQueueForm';
import { ActionsInput } from '../automation/ActionsInput';
import { RecordCreate, RecordEdit, RecordList } from '../automation/RecordViews';
import { useSlaText } from './useSlaText';

const STATUS_CHOICES = STATUSES.map((status) => ({ id: status, name: statusLabel(status) }));
const HOUR_MINUTE = regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');

type PolicyRecord = SlaPolicyRecord & { position: number };
/** The form's values: conditions as the filter editor's rows, breach actions as the actions input's. */
type PolicyFormValues = Omit<PolicyRecord, 'conditions' | 'breachActions'> & {
  conditions?: Condition[];
  actions?: PolicyRecord['breachActions'];
};

const NEW_POLICY: Partial<PolicyRecord> = {
  warnAtPercent: 75,
  pauseStatuses: [...DEFAULT_PAUSE_STATUSES],
  businessHours: { timeZone: 'Asia/Bangkok', days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' },
  holidays: [],
  conditions: {},
  breachActions: [],
};

/** A policy as the form edits it. */
const formValuesOf = ({ conditions, breachActions, ...policy }: Partial<PolicyRecord>) => ({
  ...policy,
  conditions: conditionsOf(conditions),
  actions: breachActions ?? [],
});

/** The policy as the API takes it. */
const policyOf = ({ conditions, actions, id: _id, ...policy }: PolicyFormValues) => ({
  ...policy,
  conditions: filterOf(conditions),
  breachActions: (actions ?? []).map((action) => cleanAction(action as Record<string, unknown>)),
});

const holidaysText = (holidays: unknown) => (Array.isArray(holidays) ? holidays.join(', ') : '');
const holidaysOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

function PolicyForm() {
  const text = useSlaText();
  const label = (field: string) => text(`sla-policies.fields.${field}`);
  const policy = useRecordContext<PolicyRecord>();
  const [locale] = useLocaleState();
  // 2023-01-01 was a Sunday: day d of the week is the 1st plus d.
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const dayName = (day: number) => weekday.format(Date.UTC(2023, 0, 1 + day));
  return (
    <SimpleForm record={formValuesOf(policy ?? NEW_POLICY)} sx={{ maxWidth: 1000 }} data-testid="sla-policy-form">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, width: '100%' }}>
        <TextInput
          source="name"
          label={label('name')}
          validate={[required(), maxLength(AUTOMATION_LIMITS.nameLength)]}
        />
        <NumberInput source="position" label={label('position')} />
        <NumberInput
          source="targetMinutes"
          label={label('targetMinutes')}
          validate={[required(), minValue(1), maxValue(AUTOMATION_LIMITS.afterMinutes)]}
        />
        <NumberInput
          source="warnAtPercent"
          label={label('warnAtPercent')}
          validate={[required(), minValue(1), maxValue(99)]}
        />
      </Box>
      <CheckboxGroupInput source="pauseStatuses" label={label('pauseStatuses')} choices={STATUS_CHOICES} />
      <Typography variant="subtitle1" component="h3">
        {label('days')}
      </Typography>
      <CheckboxGroupInput
        source="businessHours.days"
        label={false}
        choices={[0, 1, 2, 3, 4, 5, 6].map((day) => ({ id: day, name: dayName(day) }))}
        translateChoice={false}
        validate={required()}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, width: '100%' }}>
        <TextInput source="businessHours.timeZone" label={label('timeZone')} validate={required()} />
        <TextInput source="businessHours.start" label={label('start')} validate={[required(), HOUR_MINUTE]} />
        <TextInput source="businessHours.end" label={label('end')} validate={[required(), HOUR_MINUTE]} />
      </Box>
      <TextInput source="holidays" label={label('holidays')} format={holidaysText} parse={holidaysOf} fullWidth />
      <FilterEditor
        title={label('conditions')}
        help={text('sla-policies.conditionsHelp')}
        fieldsOf={conditionFieldsOf}
        withStatus
      />
      <Typography variant="subtitle1" component="h3">
        {label('breachActions')}
      </Typography>
      <ActionsInput />
    </SimpleForm>
  );
}

const transform = (values: PolicyFormValues) => policyOf(values);

export function SlaPolicyCreate() {
  const text = useSlaText();
  return (
    <RecordCreate tab="sla-policies" title={text('sla-policies.createTitle')} transform={transform}>
      <PolicyForm />
    </RecordCreate>
  );
}

export function SlaPolicyEdit() {
  return (
    <RecordEdit tab="sla-policies" transform={transform}>
      <PolicyForm />
    </RecordEdit>
  );
}

function TargetField() {
  const policy = useRecordContext<PolicyRecord>();
  if (!policy) return null;
  const { timeZone, start, end } = policy.businessHours;
  return <>{`${policy.targetMinutes} min · ${start}–${end} ${timeZone}`}</>;
}

function PausesField() {
  const policy = useRecordContext<PolicyRecord>();
  return <>{policy?.pauseStatuses.map(statusLabel).join(', ')}</>;
}

export function SlaPolicyList() {
  const text = useSlaText();
  const label = (field: string) => text(`sla-policies.fields.${field}`);
  return (
    <RecordList tab="sla-policies" sort="position" title={text('sla-policies.name')}>
      <DataTable.Col source="name" label={label('name')} />
      <DataTable.Col source="targetMinutes" label={label('targetMinutes')} disableSort>
        <TargetField />
      </DataTable.Col>
      <DataTable.Col source="warnAtPercent" label={label('warnAtPercent')} disableSort />
      <DataTable.Col source="pauseStatuses" label={label('pauseStatuses')} disableSort>
        <PausesField />
      </DataTable.Col>
      <DataTable.Col source="position" label={label('position')} />
    </RecordList>
  );
}
