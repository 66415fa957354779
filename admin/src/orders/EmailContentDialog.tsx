import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useTranslate } from 'react-admin';
import { brandForHost, fullPhoneNumber } from '@app/domain';
import type { OrderDetails } from './types';

/** The customer's tracking link, the one the approval mail carries (DESIGN section 5). */
export const trackingLink = (order: OrderDetails) => `${window.location.origin}/track-order/${order.encodedId}`;

/**
 * View Email Content (SPEC section 2): the message the customer gets, to read or to send over WhatsApp
 * to the customer's full number.
 */
export function EmailContentDialog({
  order,
  open,
  onClose,
}: {
  order: OrderDetails;
  open: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const content = translate('app.order.emailContent.body', {
    name: order.full_name || [order.first_name, order.last_name].filter(Boolean).join(' '),
    orderId: order.order_id,
    link: trackingLink(order),
    brand: brandForHost(order.landing_domain as string | null).name,
  });
  const phone = fullPhoneNumber(order.phone_code, order.phone_number);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth transitionDuration={300}>
      <DialogTitle>{translate('app.order.emailContent.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="email-content">
          {content}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.order.emailContent.close')}</Button>
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
          {translate('app.order.emailContent.whatsapp')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
