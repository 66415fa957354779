/** Process statuses of an order (docs/product.md#queues). */
export const STATUSES = [
  'New',
  'Awaiting',
  'AwaitingGovt',
  'Contact Customer',
  'Customer Called',
  'Completed',
  'Refunds',
  'ChargeBack',
  'Deleted',
] as const;
export type Status = (typeof STATUSES)[number];

/** How a status reads on screen; the old system shows Awaiting as "Awaiting Customer". */
export const STATUS_LABELS: Record<Status, string> = {
  New: 'New',
  Awaiting: 'Awaiting Customer',
  AwaitingGovt: 'Awaiting Govt',
  'Contact Customer': 'Contact Customer',
  'Customer Called': 'Customer Called',
  Completed: 'Completed',
  Refunds: 'Refunds',
  ChargeBack: 'ChargeBack',
  Deleted: 'Deleted',
};

export const statusLabel = (status: string): string => (STATUS_LABELS as Record<string, string>)[status] ?? status;

export const PROCESSING_MODES = ['Standard', 'Priority', 'Future'] as const;
export type ProcessingMode = (typeof PROCESSING_MODES)[number];

/** The eight targets an order page offers (docs/product.md#moves), with their button labels. */
export const MOVE_TARGETS: ReadonlyArray<{ status: Status; label: string }> = [
  { status: 'Awaiting', label: 'Move to Awaiting Response' },
  { status: 'Refunds', label: 'Completed Refunds' },
  { status: 'Completed', label: 'Completed Orders' },
  { status: 'Deleted', label: 'Delete' },
  { status: 'Contact Customer', label: 'Contact Customer' },
  { status: 'AwaitingGovt', label: 'Awaiting Govt' },
  { status: 'Customer Called', label: 'Customer Called' },
  { status: 'ChargeBack', label: 'ChargeBack' },
];
export const MOVE_TARGET_STATUSES: readonly Status[] = MOVE_TARGETS.map((t) => t.status);

/** Statuses whose orders can be defended with an evidence pack. */
export const DEFENCE_PACK_STATUSES: readonly Status[] = ['Completed', 'Customer Called', 'ChargeBack'];

export const MAIL_PROVIDERS = ['AWS', 'Sendgrid'] as const;
export type MailProvider = (typeof MAIL_PROVIDERS)[number];
export const DEFAULT_MAIL_PROVIDER: MailProvider = 'AWS';
