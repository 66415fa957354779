import { useMemo, useState } from 'react';
import { Box, Button } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useFormContext } from 'react-hook-form';
import {
  Confirm,
  email,
  Form,
  required,
  TextInput,
  useGetManyReference,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import type { MailProvider } from '@app/domain';
import { useLatestDocument } from '../documents/useDocuments';
import { useOrderCall, versionOf } from '../providers/useOrderCall';

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

/** The addresses the order's mails bounced from (lower case), each with the provider's reason. */
function useBouncedAddresses(orderId: Identifier) {
  // Email History's own query (same parameters), so that no second request goes out.
  const { data } = useGetManyReference<{
    id: Identifier;
    to_email: string;
    bounced_at?: string | null;
    bounce_reason?: string | null;
  }>('mails', {
    target: 'order_id',
    id: orderId,
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'id', order: 'DESC' },
    filter: {},
  });
  return useMemo(
    () =>
      new Map(
        (data ?? [])
          .filter((mail) => mail.bounced_at)
          .map((mail) => [mail.to_email.trim().toLowerCase(), mail.bounce_reason ?? ''] as const),
      ),
    [data],
  );
}

/**
 * Mails the order's latest document again (resend-mail): Email History's resend form (both providers)
 * and Download History's Sent Mail form (AWS). Without a document there is nothing to send, so the
 * buttons stay disabled. Sending to an address a mail of the order bounced from asks first.
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
      version: versionOf(order),
    }),
  );
  const bounced = useBouncedAddresses(order.id);
  const [unsure, setUnsure] = useState<{ email: string; provider: MailProvider; reason: string } | null>(null);
  const send = (values: ResendValues, provider: MailProvider) => {
    const reason = bounced.get(values.email.trim().toLowerCase());
    if (reason !== undefined) setUnsure({ email: values.email, provider, reason });
    else call.mutate({ email: values.email, provider });
  };
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
        <ProviderButtons buttons={buttons} disabled={!latest || call.isPending} send={send} />
      </Box>
      <Confirm
        isOpen={unsure !== null}
        title="resources.mails.resend.bouncedTitle"
        content="resources.mails.resend.bouncedContent"
        contentTranslateOptions={{ address: unsure?.email.trim() ?? '', reason: unsure?.reason ?? '' }}
        confirm="resources.mails.resend.sendAnyway"
        onConfirm={() => {
          if (unsure) call.mutate({ email: unsure.email, provider: unsure.provider });
          setUnsure(null);
        }}
        onClose={() => setUnsure(null)}
      />
    </Form>
  );
}
