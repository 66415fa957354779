/** Validation messages of the old system, shown under their fields; the API uses the same words. */
export const MESSAGES = {
  emailInvalid: 'Invalid email address',
  emailRequired: 'Email Address is required',
  passwordRequired: 'Password is required',
  gatewayRequired: 'Please select gateway.',
  newPasswordMin: 'New Password must be at least 6 characters.',
  newPasswordRequired: 'Please enter your New Password.',
  teamNameRequired: 'Please enter your name.',
  teamEmailInvalid: 'Please enter a valid email.',
  /** A value that does not match a configured field's pattern: with the field's help, which says what it takes. */
  patternHelp: 'Not in the expected form: %{help}',
  pattern: 'Not in the expected form.',
  teamEmailRequired: 'Please enter your email.',
  teamPasswordRequired: 'Please enter your password.',
  teamPasswordMin: 'Password must be at least 6 characters.',
  teamTypeRequired: 'Please select type.',
  remarkRequired: 'Please enter your remark',
  transactionIdRequired: 'Please enter your Transaction Id',
  merchantNameRequired: 'Please enter your Merchant Name',
  uploadEmailRequired: 'Please enter your email',
  uploadFileRequired: 'File is required',
  invoiceOrderIdRequired: 'Please enter your order id.',
  invoiceOrderIdMin: 'Order Id must be at least 6 characters.',
  trackOrderIdRequired: 'Please enter your orderId',
  trackEmailRequired: 'Please enter your email',
} as const;

/** Confirm and success texts of the old system. */
export const TEXTS = {
  confirmDelete: 'Are you sure you want to delete?',
  confirmAssign: 'Are you sure want to assigned orders.',
  confirmUnassign: 'Are you sure want to move orders to new orders.',
  assigned: 'Order has been assigned successfully',
  deleted: 'Order has been deleted successfully',
  memberDeleted: 'Team member deleted successfully.',
  noRecords: 'No records found',
  noData: 'No data available in table',
  noRecord: 'No record found',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
export const INVOICE_ORDER_ID_MIN_LENGTH = 6;
/** Page sizes offered; 'All' pages through the queue's total (docs/product.md#limits). */
export const PAGE_SIZES = [10, 25, 50, 100, 500] as const;
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 500;

/** A pragmatic email check shared by the forms and the API. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const isEmail = (value: string): boolean => new RegExp(EMAIL_PATTERN).test(value);
/** How staff emails are stored and compared: trimmed and lower-cased, then matched exactly (never accent-folded). */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
