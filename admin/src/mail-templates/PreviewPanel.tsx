import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import SendIcon from '@mui/icons-material/Send';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { mailTemplateCalls } from './api';
import type { MailTemplateRow } from './rows';

const T = 'resources.mail-templates.preview';

/**
 * The template being edited rendered on a real order: its subject, and its HTML in a sandboxed frame
 * (no script, no navigation). "Send me a test" queues the saved template to the signed-in Admin.
 */
export function PreviewPanel() {
  const template = useRecordContext<MailTemplateRow>();
  const translate = useTranslate();
  const notify = useNotify();
  const [orderId, setOrderId] = useState('');
  const [subject, body] = useWatch({ name: ['subject', 'body'] }) as [string, string];
  const order = Number(orderId);
  const hasOrder = Number.isSafeInteger(order) && order > 0;
  const preview = useMutation({
    mutationFn: () => mailTemplateCalls.preview(template!.id, { orderId: order, subject, body }),
  });
  const test = useMutation({
    mutationFn: () => mailTemplateCalls.sendTest(template!.id, order),
    onSuccess: ({ to }) =>
      notify(`resources.mail-templates.notify.testQueued`, { type: 'success', messageArgs: { to } }),
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  if (!template) return null;
  return (
    <Box component="section" aria-label={translate(`${T}.title`)} sx={{ width: '100%', mt: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate(`${T}.title`)}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <TextField
          label={translate(`${T}.orderId`)}
          value={orderId}
          onChange={(event) => setOrderId(event.target.value.trim())}
          size="small"
          inputProps={{ inputMode: 'numeric' }}
        />
        <Button
          startIcon={<VisibilityIcon />}
          onClick={() => preview.mutate()}
          disabled={!hasOrder || preview.isPending}
        >
          {translate(`${T}.show`)}
        </Button>
        <Button startIcon={<SendIcon />} onClick={() => test.mutate()} disabled={!hasOrder || test.isPending}>
          {translate(`${T}.test`)}
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {translate(`${T}.testHelp`)}
      </Typography>
      {preview.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {preview.error.message}
        </Alert>
      )}
      {preview.data && !preview.error && (
        <Box sx={{ mt: 1 }}>
          <Typography data-testid="preview-subject" sx={{ fontWeight: 'bold', mb: 1 }}>
            {preview.data.subject}
          </Typography>
          <Box
            component="iframe"
            title={translate(`${T}.frame`)}
            sandbox=""
            srcDoc={preview.data.html}
            sx={{ width: '100%', height: 480, border: 1, borderColor: 'divider' }}
          />
        </Box>
      )}
    </Box>
  );
}
