import { useState } from 'react';
import { Box, Button, LinearProgress, Link, Typography } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import {
  FileField,
  FileInput,
  Form,
  RadioButtonGroupInput,
  required,
  TextInput,
  useRecordContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { DEFAULT_MAIL_PROVIDER, MAIL_PROVIDERS, type MailProvider } from '@app/domain';
import { useOrderCall, versionOf } from '../providers/useOrderCall';
import { Section } from '../registry';
import { useDocumentDownload, useLatestDocument } from './useDocuments';

/** The types the API accepts (it checks them again by the bytes). */
const ACCEPTED_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];
const SUBMIT_LABELS: Record<MailProvider, string> = {
  AWS: 'resources.documents.upload.submitAws',
  Sendgrid: 'resources.documents.upload.submitSendgrid',
};

interface UploadValues {
  order_id: number;
  email: string;
  file?: { rawFile: File };
  provider: MailProvider;
}

/** The old system's "File is required" for no file; a file of another type gets its own message. */
const acceptedType: Validator = (value?: { rawFile?: File }) =>
  value?.rawFile && !ACCEPTED_TYPES.includes(value.rawFile.type) ? 'resources.documents.upload.badType' : undefined;
const validateFile = [required('app.validation.uploadFileRequired'), acceptedType];
const validateEmail = required('app.validation.uploadEmailRequired');

/** Submit (AWS) and Submit (SendGrid): each validates the form, moves the radio to its provider and uploads. */
function SubmitButtons({ pending, upload }: { pending: boolean; upload: (values: UploadValues) => void }) {
  const translate = useTranslate();
  const { handleSubmit, setValue, watch } = useFormContext<UploadValues>();
  const chosen = watch('provider');
  return MAIL_PROVIDERS.map((provider) => (
    <Button
      key={provider}
      variant={provider === chosen ? 'contained' : 'outlined'}
      disabled={pending}
      onClick={() => {
        setValue('provider', provider);
        void handleSubmit((values) => upload({ ...values, provider }))();
      }}
    >
      {translate(SUBMIT_LABELS[provider])}
    </Button>
  ));
}

/**
 * Upload Document: the finished document goes up with a progress bar and is mailed to
 * the customer through the chosen provider; Download File fetches the latest one.
 */
export function UploadDocument() {
  const order = useRecordContext()!;
  const translate = useTranslate();
  const [progress, setProgress] = useState(0);
  // A new form after each upload, so that the same file can be chosen again.
  const [formKey, setFormKey] = useState(0);
  const { latest } = useLatestDocument(order.id);
  const download = useDocumentDownload();
  const call = useOrderCall(
    (dataProvider, values: UploadValues) =>
      dataProvider.uploadVisaDocumentWithProgress(
        {
          orderId: Number(order.id),
          email: values.email.trim(),
          file: values.file!.rawFile,
          mailServiceProvider: values.provider,
          version: versionOf(order),
        },
        setProgress,
      ),
    { onDone: () => setFormKey((key) => key + 1) },
  );
  const percent = Math.round(progress * 100);
  return (
    <Section title={translate('resources.documents.upload.title')} testId="section-uploadDocument">
      <Form
        key={formKey}
        noValidate
        // The messages show under the fields (README decisions), not again in a toast.
        disableInvalidFormNotification
        record={{}}
        defaultValues={{
          order_id: order.id,
          email: String(order.contact_email_address || order.email || ''),
          provider: DEFAULT_MAIL_PROVIDER,
        }}
      >
        <Box sx={{ display: 'grid', maxWidth: 640 }}>
          <TextInput source="order_id" label="resources.orders.fields.order_id" readOnly />
          <TextInput source="email" type="email" label="resources.documents.upload.email" validate={validateEmail} />
          {/* The picker offers the accepted types; a file of another type (dropped, or "All files") is still
              taken, so that the validator names what is wrong rather than the dropzone dropping it silently
              and "File is required" showing instead. */}
          <FileInput
            source="file"
            label="resources.documents.upload.file"
            validate={validateFile}
            inputProps={{
              accept: ACCEPTED_TYPES.join(','),
              'data-testid': 'upload-file',
              'aria-label': translate('resources.documents.upload.file'),
            }}
          >
            <FileField source="src" title="title" />
          </FileInput>
          <RadioButtonGroupInput
            source="provider"
            label="resources.documents.upload.provider"
            choices={MAIL_PROVIDERS.map((provider) => ({ id: provider, name: provider }))}
            helperText={false}
          />
          {call.isPending && (
            <Box data-testid="upload-progress" sx={{ mb: 1 }}>
              <LinearProgress variant="determinate" value={percent} />
              <Typography variant="caption">
                {translate('resources.documents.upload.uploading', { percent })}
              </Typography>
            </Box>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <SubmitButtons
              pending={call.isPending}
              upload={(values) => {
                setProgress(0);
                call.mutate(values);
              }}
            />
            {latest && (
              <Link
                component="button"
                type="button"
                onClick={() => download.mutate(latest.link)}
                disabled={download.isPending}
                sx={{ ml: 1 }}
                data-testid="download-file"
              >
                {translate('resources.documents.upload.downloadFile')}
              </Link>
            )}
          </Box>
        </Box>
      </Form>
    </Section>
  );
}
