import { DeleteWithConfirmButton, Edit, SaveButton, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import { ConfigurationTabs } from '../configuration/ConfigurationTabs';
import { MailTemplateForm } from './MailTemplateForm';
import { PreviewPanel } from './PreviewPanel';
import { VersionHistory } from './VersionHistory';
import type { MailTemplateRow } from './rows';

function EditTitle() {
  const template = useRecordContext<MailTemplateRow>();
  const translate = useTranslate();
  return <>{translate('resources.mail-templates.editTitle', { ...template })}</>;
}

function TemplateToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton mutationMode="pessimistic" />
    </Toolbar>
  );
}

/**
 * Configuration: a template's subject and body, previewed on an order as they are being edited; each
 * save is a new version (the saved one sent with it, so a concurrent save is refused), listed below.
 */
export default function MailTemplateEdit() {
  return (
    <>
      <ConfigurationTabs current="mail-templates" />
      <Edit title={<EditTitle />} actions={false} mutationMode="pessimistic" redirect={false}>
        <MailTemplateForm toolbar={<TemplateToolbar />}>
          <PreviewPanel />
        </MailTemplateForm>
        <VersionHistory />
      </Edit>
    </>
  );
}
