import englishMessages from 'ra-language-english';
import { MESSAGES, QUEUES, TEXTS } from '@app/domain';

/** English texts of the admin; keys follow react-admin's `resources.<name>.fields.<field>` convention. */
export const en = {
  ...englishMessages,
  app: {
    login: {
      title: 'Sign In',
      subtitle: 'Sign in to the back-office',
      email: 'Email ID',
      password: 'Password',
      submit: 'Sign In',
    },
    header: { welcome: 'Welcome %{name}', logout: 'Logout', language: 'Language' },
    menu: {
      dashboard: 'Dashboard',
      countryOrderList: 'Country Order List',
      processedOrder: 'Order Processed',
      sendInvoice: 'Manage Invoices',
      manageTeam: 'Manage Team',
      gatewaySetting: 'Gateway Setting',
      changePassword: 'Change Password',
      close: 'Close menu',
    },
    /** Queue titles by orderName; a queue missing here shows its domain label. */
    queues: Object.fromEntries(QUEUES.map((queue) => [queue.orderName, queue.label])) as Record<string, string>,
    screens: { viewOrder: 'View Order' },
    table: {
      order: 'Order',
      orderId: 'Order Id',
      name: 'Name',
      email: 'Email',
      telephone: 'Telephone',
      createdAt: 'Date & Time',
      refundDate: 'Refund Date',
      processingDate: 'Processing Date',
      processMonth: 'Process Month',
      status: 'Status',
      action: 'Action',
    },
    actions: {
      view: 'View',
      delete: 'Delete Order',
      deleteRow: 'Delete',
      assign: 'Assign to me',
      unassign: 'Move to Original Folder',
      refund: 'Refunded it',
      back: 'Back',
    },
    confirm: {
      title: 'Please confirm',
      delete: TEXTS.confirmDelete,
      assign: TEXTS.confirmAssign,
      unassign: TEXTS.confirmUnassign,
      refund: 'Are you sure want to move orders to refunds.',
    },
    notify: { assigned: TEXTS.assigned, deleted: TEXTS.deleted },
    empty: { noRecords: TEXTS.noRecords, noData: TEXTS.noData },
    pagination: {
      rowsPerPage: 'Rows per page',
      all: 'All',
      showing: 'Showing %{from} to %{to} of %{total} entries',
      pages: 'Pages',
      previous: 'Previous',
      next: 'Next',
    },
    future: {
      title: 'Future Order',
      orders: '%{smart_count} order |||| %{smart_count} orders',
      badMonth: 'This is not a month.',
    },
    comingSoon: 'This screen is coming soon.',
    validation: MESSAGES,
  },
};
/** The shape every language fills in: the same keys, strings of its own. */
type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
export type AppMessages = Texts<typeof en>;
