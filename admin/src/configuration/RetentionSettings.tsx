import {
  Edit,
  FunctionField,
  Labeled,
  maxValue,
  minValue,
  NumberInput,
  required,
  SaveButton,
  SimpleForm,
  TextField,
  Toolbar,
  useTranslate,
} from 'react-admin';
import { ConfigurationTabs } from './ConfigurationTabs';

const T = 'resources.retention-settings';

interface RetentionRecord {
  id: 'current';
  days: number;
  updatedAt: string | null;
  keptFields: string[];
  anonymisedFields: string[];
}

/** Only the days go back: the lists are the code's. */
const daysOnly = ({ days }: RetentionRecord) => ({ days });

const listed = (source: 'keptFields' | 'anonymisedFields') => (
  <Labeled label={`${T}.fields.${source}`}>
    <FunctionField<RetentionRecord> source={source} render={(record) => record[source].join(', ')} />
  </Labeled>
);

/** Configuration: how long personal data lives after the departure date, and what retention keeps. */
export default function RetentionSettings() {
  const translate = useTranslate();
  return (
    <>
      <ConfigurationTabs current="retention-settings" />
      <Edit<RetentionRecord>
        resource="retention-settings"
        id="current"
        title={translate(`${T}.title`)}
        mutationMode="pessimistic"
        redirect={false}
        transform={daysOnly}
        actions={false}
      >
        <SimpleForm
          toolbar={
            <Toolbar>
              <SaveButton />
            </Toolbar>
          }
        >
          <NumberInput
            source="days"
            label={`${T}.fields.days`}
            helperText={`${T}.help.days`}
            step={1}
            validate={[required(), minValue(30), maxValue(3650)]}
          />
          {listed('keptFields')}
          {listed('anonymisedFields')}
          <Labeled label={`${T}.fields.updatedAt`}>
            <TextField source="updatedAt" emptyText="-" />
          </Labeled>
        </SimpleForm>
      </Edit>
    </>
  );
}
