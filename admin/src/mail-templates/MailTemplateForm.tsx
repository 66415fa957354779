import type { ReactElement, ReactNode } from 'react';
import { maxLength, regex, required, SelectInput, SimpleForm, TextInput, useTranslate } from 'react-admin';
import {
  MAIL_BRANDS,
  MAIL_LANGUAGES,
  MAIL_TEMPLATE_KEY_PATTERN,
  MAIL_TEMPLATE_LIMITS,
  MAIL_TEMPLATE_VARIABLES,
} from '@app/domain';
import { choicesOf } from '../shared/choices';

const T = 'resources.mail-templates';
const keyPattern = new RegExp(MAIL_TEMPLATE_KEY_PATTERN);

/**
 * A template's form: its key, language and brand when adding it (they name it: fixed afterwards), its
 * subject and its body; `children` below them (the preview of the edit view).
 */
export function MailTemplateForm({
  adding = false,
  toolbar,
  children,
}: {
  adding?: boolean;
  toolbar?: ReactElement | false;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const variables = MAIL_TEMPLATE_VARIABLES.map((name) => `{{ ${name} }}`).join(', ');
  return (
    <SimpleForm toolbar={toolbar} sx={{ maxWidth: 900 }}>
      <TextInput
        source="key"
        disabled={!adding}
        validate={adding ? [required(), regex(keyPattern, `${T}.help.key`)] : undefined}
        helperText={adding ? `${T}.help.key` : false}
      />
      <SelectInput source="language" choices={choicesOf(MAIL_LANGUAGES)} disabled={!adding} validate={required()} />
      <SelectInput source="brand" choices={choicesOf(MAIL_BRANDS)} disabled={!adding} validate={required()} />
      <TextInput source="subject" fullWidth validate={[required(), maxLength(MAIL_TEMPLATE_LIMITS.subject)]} />
      <TextInput
        source="body"
        fullWidth
        multiline
        minRows={10}
        validate={[required(), maxLength(MAIL_TEMPLATE_LIMITS.body)]}
        helperText={translate(`${T}.help.body`, { variables })}
      />
      {children}
    </SimpleForm>
  );
}
