import englishMessages from 'ra-language-english';
import { MESSAGES, QUEUES, TEXTS } from '@app/domain';
import type { Texts } from '../shared/catalogue';
import { ordersMessages } from '../orders/messages';
import { mailsMessages } from '../mails/messages';
import { automationEn } from '../automation/messages.en';
import { slaMenuEn } from '../sla/messages.en';
import { downloadsMessages } from '../downloads/messages';
import { remarksMessages } from '../remarks/messages';
import { documentsMessages } from '../documents/messages';
import { teamMembersMessages } from '../team-members/messages';
import { auditEventsMessages } from '../audit-events/messages';
import { disputeReportMessages, disputesDueMessages, disputesMessages } from '../disputes/messages';
import { liveMessages } from '../live/messages';
import { speedMessages } from '../speed/messages';
import {
  configurationTransferEn,
  customQueuesEn,
  orderFieldsEn,
  retentionSettingsEn,
} from '../configuration/messages.en';
import { mailTemplatesEn } from '../mail-templates/messages.en';

/** English texts of the admin; keys follow react-admin's `resources.<name>.fields.<field>` convention. */
export const en = {
  ...englishMessages,
  app: {
    live: liveMessages.en,
    speed: speedMessages.en,
    login: {
      title: 'Sign In',
      subtitle: 'Sign in to the back-office',
      email: 'Email ID',
      password: 'Password',
      submit: 'Sign In',
      code: 'Code from your authenticator app (or a recovery code)',
      usePasskey: 'Use a passkey',
      codeRequired: 'Please enter the code.',
    },
    header: {
      welcome: 'Welcome %{name}',
      logout: 'Logout',
      language: 'Language',
      accountMenu: 'Account menu',
      notifications: 'Notifications',
      notificationsUnread: 'Notifications: %{smart_count} unread',
    },
    notifications: { readAll: 'Mark all read', clearAll: 'Clear all', none: 'No notifications.' },
    menu: {
      dashboard: 'Dashboard',
      configuration: 'Configuration',
      title: 'Main menu',
      close: 'Close menu',
    },
    /** Queue titles by orderName; a queue missing here shows its domain label. */
    queues: Object.fromEntries(QUEUES.map((queue) => [queue.orderName, queue.label])) as Record<string, string>,
    table: {
      order: 'Order',
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
    notFound: {
      title: 'Page not found',
      message: 'This address leads to no screen, or to one your role may not open.',
    },
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
    loading: 'Loading...',
    evidence: {
      button: 'Defence Pack %{type}',
      title: 'Defence Pack %{type} - Order %{orderId}',
      print: 'Print',
      download: 'Download',
      openWindow: 'Open in new window',
      failed: 'The defence pack could not be shown.',
    },
    account: {
      title: 'Update Password',
      currentPassword: 'Current Password',
      newPassword: 'New Password',
      submit: 'Update Password',
      currentPasswordRequired: 'Please enter your current password.',
    },
    /** What the two report screens share; their columns are under resources.<report>.fields. */
    reports: {
      submit: 'Submit',
      serialNumber: 'S. No',
      loaded: 'Report loaded: %{smart_count} row. |||| Report loaded: %{smart_count} rows.',
      badRange: 'The From date must be on or before the To date.',
    },
    invoices: {
      title: 'Send Invoice',
      orderId: 'Order ID',
      submit: 'Send Invoice',
      badOrderId: 'Please enter a valid order id.',
    },
    /** The layout kept per member (preferences Store): lists' columns and saved queries, the order page's sections. */
    preferences: {
      savedQueries: 'Saved queries',
      saveQuery: 'Save current query…',
      saveQueryTitle: 'Save current query as',
      queryName: 'Query name',
      removeQuery: 'Remove saved query "%{name}"',
      noSavedQueries: 'No saved query yet.',
      resetLayout: "Reset to my role's layout",
      layoutReset: "Your screens show your role's layout again.",
      publishLayout: "Publish as a role's default layout",
      publishHelp:
        'Every list’s columns and the order page’s sections, as you see them now, become the layout members of this role start from. Members who chose their own keep it.',
      role: 'Role',
      publish: 'Publish',
      layoutPublished: 'Your layout is now the default of %{role}.',
    },
    /** The member's time zone (user menu): every time the admin shows is in it. */
    timeZone: {
      title: 'Time zone',
      help: 'Every date and time in the admin is shown in this zone, named with its daylight-saving abbreviation (EDT, EST…).',
      useBrowser: "Use this browser's zone",
      saved: 'Times are now shown in %{zone}.',
    },
    /** The Columns panel of the lists: show, hide and reorder by keyboard or pointer. */
    /** A range filter of a field labelled by an Admin. */
    filters: { gte: '%{field} from', lte: '%{field} to' },
    columns: {
      title: 'Columns',
      moveUp: 'Move %{column} up',
      moveDown: 'Move %{column} down',
      moved: '%{column} is now column %{position} of %{total}.',
      reset: 'Reset columns',
      overflowing: 'Wider than the screen: hide columns to see them all',
    },
    validation: MESSAGES,
  },
  /** Resource names and field labels, react-admin's convention: views take their labels from here. */
  resources: {
    orders: ordersMessages.en,
    mails: mailsMessages.en,
    downloads: downloadsMessages.en,
    remarks: remarksMessages.en,
    documents: documentsMessages.en,
    'team-members': teamMembersMessages.en,
    'order-fields': orderFieldsEn,
    'custom-queues': customQueuesEn,
    'mail-templates': mailTemplatesEn,
    ...automationEn,
    ...slaMenuEn,
    'retention-settings': retentionSettingsEn,
    'configuration-transfer': configurationTransferEn,
    gateways: {
      name: 'Gateway |||| Gateways',
      menu: 'Gateway Setting',
      fields: { id: 'ID', gateway_name: 'Gateway', is_active: 'Active' },
      title: 'Change Gateway',
      submit: 'Active Gateway',
      current: 'Active now: %{name}',
      activated: '%{name} is now the active gateway.',
    },
    'country-report': {
      name: 'Country Order Details',
      menu: 'Country Order List',
      fields: {
        nationality: 'State/Territory',
        count: 'Order Count',
        standard_count: 'Standard Processing',
        priority_count: 'Priority Processing',
        future_count: 'Future Order Processing',
        from: 'From',
        to: 'To',
      },
      search: 'Search by nationality',
    },
    'audit-events': auditEventsMessages.en,
    'send-invoice': { menu: 'Manage Invoices' },
    'change-password': { menu: 'Change Password' },
    disputes: disputesMessages.en,
    'disputes-due': disputesDueMessages.en,
    'dispute-report': disputeReportMessages.en,
    'processed-by-report': {
      name: 'Processed By',
      menu: 'Order Processed',
      fields: { processed_by: 'Name', count: 'Order Count', from: 'From', to: 'To' },
      search: 'Search by name',
    },
  },
};
export type AppMessages = Texts<typeof en>;
