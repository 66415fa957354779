import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useRecordContext, useTranslate } from 'react-admin';
import { brandForHost, encodeId, fullPhoneNumber } from '@app/domain';

/** The customer's tracking link, the one the approval mail carries (DESIGN section 5). */
export const trackingLink = (orderId: number) => `${window.location.origin}/track-order/${encodeId(orderId)}`;

/**
 * View Email Content (SPEC section 2): the message the customer gets, to read or to send over WhatsApp
 * to the customer's full number.
 */
export function EmailContentDialog({ onClose }: { onClose: () => void }) {
  const order = useRecordContext()!;
  const translate = useTranslate();
  const content = translate('resources.orders.emailContent.body', {
    name: order.full_name || [order.first_name, order.last_name].filter(Boolean).join(' '),
    orderId: order.id,
    link: trackingLink(Number(order.id)),
    brand: brandForHost(order.landing_domain as string | null).name,
  });
  const phone = fullPhoneNumber(order.phone_code, order.phone_number);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth transitionDuration={300}>
      <DialogTitle>{translate('resources.orders.emailContent.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="email-content">
          {content}
        </Typography>
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
          disabled={!phone}
          data-testid="send-whatsapp"
        >
          {translate('resources.orders.emailContent.whatsapp')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
