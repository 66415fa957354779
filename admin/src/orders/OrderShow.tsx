import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { Typography } from '@mui/material';
import { Loading, RefreshButton, ShowBase, Title, TopToolbar, useShowContext, useTranslate } from 'react-admin';
import { decodeId } from '@app/domain';
import { ShowSections, useResourceDefinition, type ValueRenderers } from '../registry';
import { EmailHistory } from '../mails/EmailHistory';
import { UploadDocument } from '../documents/UploadDocument';
import { DownloadHistory } from '../downloads/DownloadHistory';
import { CommentHistory } from '../remarks/CommentHistory';
import { AddComment } from '../remarks/AddComment';
import { OrderActions } from './OrderActions';
import { LiveOrderBar } from '../live';
import { OrderTimeline } from '../audit-events/OrderTimeline';
import { CustomFieldsForm } from './CustomFieldsForm';

/** The fixed mail domain of the application email address (the order id at this domain). */
export const APPLICATION_MAIL_DOMAIN: string =
  import.meta.env.VITE_APPLICATION_MAIL_DOMAIN ?? 'thailandarrivalcard.example';

/** Order fields that read more than their value. */
const ORDER_VALUES: ValueRenderers = {
  application_email: (order) => (order.application_email as string) || `${order.id}@${APPLICATION_MAIL_DOMAIN}`,
};

/** Order Details to the payment section, from the registry: only the fields the member's role may read. */
function OrderSections() {
  const definition = useResourceDefinition('orders');
  return definition ? <ShowSections definition={definition} renderers={ORDER_VALUES} /> : null;
}

/**
 * The blocks of the order page in the old system's order (the action bar first). Each reads the order
 * from react-admin's record context; another feature adds a block by adding an entry here.
 */
export const ORDER_PAGE_SECTIONS: Array<{ key: string; Component: ComponentType }> = [
  { key: 'live', Component: LiveOrderBar },
  { key: 'actions', Component: OrderActions },
  { key: 'emailHistory', Component: EmailHistory },
  { key: 'uploadDocument', Component: UploadDocument },
  { key: 'details', Component: OrderSections },
  { key: 'customFields', Component: CustomFieldsForm },
  { key: 'downloadHistory', Component: DownloadHistory },
  { key: 'commentHistory', Component: CommentHistory },
  { key: 'addComment', Component: AddComment },
  { key: 'timeline', Component: OrderTimeline },
];

function OrderPage() {
  const translate = useTranslate();
  const { record, isPending, error } = useShowContext();
  return (
    <>
      <Title
        title={
          record
            ? translate('resources.orders.page.titleWithId', { orderId: record.id })
            : translate('resources.orders.page.title')
        }
      />
      <TopToolbar>
        <RefreshButton data-testid="order-refresh" />
      </TopToolbar>
      {isPending && <Loading />}
      {error && (
        <Typography color="error" data-testid="order-error">
          {(error as Error).message}
        </Typography>
      )}
      {record && (
        // Blocks keep their form state across re-reads, but start afresh for another order.
        <div key={record.id} data-testid="view-order">
          {ORDER_PAGE_SECTIONS.map(({ key, Component }) => (
            <Component key={key} />
          ))}
        </div>
      )}
    </>
  );
}

/** View order (/admin/view-order/{encodedId}): the order page as react-admin's Show of the `orders` resource. */
export default function OrderShow() {
  // The old system's link carries the encoded id; react-admin's own show route (/orders/:id/show) the plain one.
  const { encodedId, id: plainId } = useParams();
  const translate = useTranslate();
  let id: number;
  try {
    id = encodedId ? decodeId(encodedId) : Number(plainId);
    if (!Number.isSafeInteger(id)) throw new Error(plainId);
  } catch {
    return (
      <>
        <Title title={translate('resources.orders.page.title')} />
        <Typography color="error" data-testid="order-error">
          {translate('resources.orders.page.badId')}
        </Typography>
      </>
    );
  }
  return (
    <ShowBase resource="orders" id={id} queryOptions={{ retry: false }}>
      <OrderPage />
    </ShowBase>
  );
}
