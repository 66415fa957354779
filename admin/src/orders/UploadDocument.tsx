import { useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  LinearProgress,
  Link,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';
import { DEFAULT_MAIL_PROVIDER, MAIL_PROVIDERS, type MailProvider } from '@app/domain';
import { submittedProvider } from './MailForm';
import { Section } from './Section';
import { useDocumentDownload } from './useDocumentDownload';
import { useOrderMutation } from './useOrderMutation';
import type { OrderDetails } from './types';

/** The types the API accepts (checked again there by the bytes). */
const ACCEPTED_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];
const SUBMIT_LABELS: Record<MailProvider, string> = {
  AWS: 'app.order.upload.submitAws',
  Sendgrid: 'app.order.upload.submitSendgrid',
};

interface Errors {
  email?: string;
  file?: string;
}

/**
 * Upload Document (SPEC section 2): the finished document goes up with a progress bar and is mailed
 * to the customer through the chosen provider; Download File fetches the latest one.
 */
export function UploadDocument({ order, onChanged }: { order: OrderDetails; onChanged: () => void }) {
  const translate = useTranslate();
  const [email, setEmail] = useState(order.contact_email_address || order.email || '');
  const [file, setFile] = useState<File | null>(null);
  const [provider, setProvider] = useState<MailProvider>(DEFAULT_MAIL_PROVIDER);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState(0);
  // A new input after each upload, so that the same file can be chosen again.
  const [inputKey, setInputKey] = useState(0);
  const download = useDocumentDownload();
  const latest = order.uploadDoc[0];
  const mutation = useOrderMutation(
    (dataProvider, mailServiceProvider: MailProvider) =>
      dataProvider.uploadVisaDocumentWithProgress(
        { orderId: order.order_id, email: email.trim(), file: file!, mailServiceProvider },
        setProgress,
      ),
    {
      onDone: () => {
        setFile(null);
        setInputKey((key) => key + 1);
        onChanged();
      },
    },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!email.trim()) next.email = translate('app.validation.uploadEmailRequired');
    if (!file) next.file = translate('app.validation.uploadFileRequired');
    else if (!ACCEPTED_TYPES.includes(file.type)) next.file = translate('app.order.upload.badType');
    setErrors(next);
    if (Object.keys(next).length) return;
    const chosen = submittedProvider(event, provider);
    setProvider(chosen);
    setProgress(0);
    mutation.mutate(chosen);
  };

  return (
    <Section title={translate('app.order.sections.uploadDocument')} testId="section-uploadDocument">
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
        <TextField
          size="small"
          label={translate('app.order.fields.orderId')}
          value={order.order_id}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <TextField
          size="small"
          type="email"
          label={translate('app.order.fields.emailId')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={!!errors.email}
          helperText={errors.email || ' '}
        />
        <FormControl error={!!errors.file}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
              {translate('app.order.upload.chooseFile')}
              <input
                key={inputKey}
                hidden
                type="file"
                accept={ACCEPTED_TYPES.join(',')}
                data-testid="upload-file"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </Button>
            <Typography variant="body2" color="text.secondary">
              {file?.name ?? translate('app.order.upload.noFile')}
            </Typography>
          </Box>
          <FormHelperText>{errors.file || ' '}</FormHelperText>
        </FormControl>
        <FormControl>
          <FormLabel id="mail-provider-label">{translate('app.order.upload.provider')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="mail-provider-label"
            value={provider}
            onChange={(event) => setProvider(event.target.value as MailProvider)}
          >
            {MAIL_PROVIDERS.map((name) => (
              <FormControlLabel key={name} value={name} control={<Radio />} label={name} />
            ))}
          </RadioGroup>
        </FormControl>
        {mutation.isPending && (
          <Box data-testid="upload-progress">
            <LinearProgress variant="determinate" value={Math.round(progress * 100)} />
            <Typography variant="caption">
              {translate('app.order.upload.uploading', { percent: Math.round(progress * 100) })}
            </Typography>
          </Box>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          {MAIL_PROVIDERS.map((name) => (
            <Button
              key={name}
              type="submit"
              name="provider"
              value={name}
              variant={name === provider ? 'contained' : 'outlined'}
              disabled={mutation.isPending}
            >
              {translate(SUBMIT_LABELS[name])}
            </Button>
          ))}
          {latest && (
            <Link
              component="button"
              type="button"
              onClick={() => download.mutate(latest.link)}
              disabled={download.isPending}
              sx={{ ml: 1 }}
              data-testid="download-file"
            >
              {translate('app.order.upload.downloadFile')}
            </Link>
          )}
        </Box>
      </Box>
    </Section>
  );
}
