import { Create } from 'react-admin';
import { ConfigurationTabs } from '../configuration/ConfigurationTabs';
import { MailTemplateForm } from './MailTemplateForm';

/** Configuration: adds a template (a mail in another language or brand, or a new mail), then opens it. */
export default function MailTemplateCreate() {
  return (
    <>
      <ConfigurationTabs current="mail-templates" />
      <Create title="resources.mail-templates.createTitle" redirect="edit">
        <MailTemplateForm adding />
      </Create>
    </>
  );
}
