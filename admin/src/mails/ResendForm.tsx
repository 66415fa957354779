import { Box, Button } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useFormContext } from 'react-hook-form';
import { email, Form, required, TextInput, useRecordContext, useTranslate } from 'react-admin';
import type { MailProvider } from '@app/domain';
import { useLatestDocument } from '../documents/useDocuments';
import { useOrderCall } from '../orders/useOrderCall';

interface ResendValues {
  email: string;
}

const validateEmail = [required('app.validation.uploadEmailRequired'), email('app.validation.emailInvalid')];

/** One submit button per provider: the form's validators run, then the mail goes through that provider. */
function ProviderButtons({
  buttons,
  disabled,
  send,
}: {
  buttons: Array<{ provider: MailProvider; label: string }>;
  disabled: boolean;
  send: (values: ResendValues, provider: MailProvider) => void;
}) {
  const translate = useTranslate();
  const { handleSubmit } = useFormContext<ResendValues>();
  return buttons.map((button) => (
    <Button
      key={button.provider}
      variant="contained"
      startIcon={<SendIcon />}
      disabled={disabled}
      onClick={handleSubmit((values) => send(values, button.provider))}
      sx={{ mt: 0.25 }}
    >
      {translate(button.label)}
    </Button>
  ));
}

/**
 * Mails the order's latest document again (resend-mail): Email History's resend form (both providers)
 * and Download History's Sent Mail form (AWS). Without a document there is nothing to send, so the
 * buttons stay disabled.
 */
export function ResendForm({
  buttons,
  testId,
}: {
  /** Each button's provider and i18n label. */
  buttons: Array<{ provider: MailProvider; label: string }>;
  testId: string;
}) {
  const order = useRecordContext()!;
  const { latest } = useLatestDocument(order.id);
  const call = useOrderCall((dataProvider, input: { email: string; provider: MailProvider }) =>
    dataProvider.resendMail({
      orderId: Number(order.id),
      email: input.email.trim(),
      mailServiceProvider: input.provider,
    }),
  );
  return (
    <Form defaultValues={{ email: String(order.contact_email_address || order.email || '') }} record={{}} noValidate>
      <Box data-testid={testId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 2 }}>
        <TextInput
          source="email"
          type="email"
          label="resources.mails.resend.email"
          validate={validateEmail}
          sx={{ minWidth: 0, flex: '1 1 260px', maxWidth: 480, m: 0 }}
          helperText={false}
        />
        <ProviderButtons
          buttons={buttons}
          disabled={!latest || call.isPending}
          send={(values, provider) => call.mutate({ email: values.email, provider })}
        />
      </Box>
    </Form>
  );
}
