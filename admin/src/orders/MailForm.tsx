import { useState, type FormEvent } from 'react';
import { Box, Button, TextField } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useTranslate } from 'react-admin';
import type { MailProvider } from '@app/domain';
import { useOrderMutation } from './useOrderMutation';

/** The provider of the button that submitted the form. */
export const submittedProvider = (event: FormEvent, fallback: MailProvider): MailProvider =>
  (((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value as MailProvider) || fallback;

/**
 * An email input with one button per mail provider that mails the order's latest document again
 * (resend-mail): Email History's resend form and Download History's Sent Mail form.
 */
export function MailForm({
  orderId,
  defaultEmail,
  buttons,
  onSent,
  testId,
}: {
  orderId: number;
  defaultEmail: string;
  /** Each button's provider and i18n label. */
  buttons: Array<{ provider: MailProvider; label: string }>;
  onSent: () => void;
  testId: string;
}) {
  const translate = useTranslate();
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState('');
  const mutation = useOrderMutation(
    (dataProvider, mailServiceProvider: MailProvider) =>
      dataProvider.resendMail({ orderId, email: email.trim(), mailServiceProvider }),
    { onDone: onSent },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = email.trim() ? '' : translate('app.validation.uploadEmailRequired');
    setError(next);
    if (!next) mutation.mutate(submittedProvider(event, buttons[0]!.provider));
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      data-testid={testId}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 2 }}
    >
      <TextField
        size="small"
        type="email"
        label={translate('app.order.fields.emailId')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={!!error}
        helperText={error || ' '}
        sx={{ minWidth: 260, flex: '1 1 260px' }}
      />
      {buttons.map((button) => (
        <Button
          key={button.provider}
          type="submit"
          variant="contained"
          startIcon={<SendIcon />}
          disabled={mutation.isPending}
          name="provider"
          value={button.provider}
          sx={{ mt: 0.25 }}
        >
          {translate(button.label)}
        </Button>
      ))}
    </Box>
  );
}
