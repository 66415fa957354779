import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useQuery } from '@tanstack/react-query';
import { useRecordContext, useTranslate } from 'react-admin';
import { fullPhoneNumber } from '@app/domain';
import { apiCall } from '../providers/httpClient';

/** The approval mail as the API renders it (GET /api/admin/email-content/{orderId}). */
interface EmailContent {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * View Email Content: the approval mail the customer gets (or got), rendered by the
 * server from the same template as the mail itself, to read or to send over WhatsApp to the
 * customer's full number.
 */
export function EmailContentDialog({ onClose }: { onClose: () => void }) {
  const order = useRecordContext()!;
  const translate = useTranslate();
  const mail = useQuery({
    queryKey: ['email-content', order.id],
    queryFn: async () => (await apiCall<EmailContent>(`admin/email-content/${order.id}`)).data!,
  });
  const phone = fullPhoneNumber(order.phone_code, order.phone_number);
  const content = mail.data?.text ?? '';
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth transitionDuration={300}>
      <DialogTitle>{translate('resources.orders.emailContent.title')}</DialogTitle>
      <DialogContent dividers>
        {mail.isPending && <CircularProgress size={24} />}
        {mail.error && <Typography color="error">{mail.error.message}</Typography>}
        {mail.data && (
          <>
            <Typography variant="subtitle2" data-testid="email-subject">
              {mail.data.subject}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {mail.data.to}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="email-content">
              {content}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('resources.orders.emailContent.close')}</Button>
        <Button
          variant="contained"
          color="success"
          startIcon={<WhatsAppIcon />}
          href={`https://wa.me/${phone}?text=${encodeURIComponent(content)}`}
          target="_blank"
          rel="noopener noreferrer"
          disabled={!phone || !content}
          data-testid="send-whatsapp"
        >
          {translate('resources.orders.emailContent.whatsapp')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
