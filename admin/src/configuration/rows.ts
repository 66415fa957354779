import type { CustomQueueRecord, OrderFieldRecord, Role } from '@app/domain';

/**
 * A record of /api/order-fields as the API answers it: a built-in field also carries the code's `defaults`
 * (shown beside the overrides) and, for a field the code acts on, which roles always read it and why.
 */
export interface OrderFieldRow extends OrderFieldRecord {
  defaults?: {
    /** The catalogue key of the code's label. */
    labelKey: string;
    readRoles: Role[];
    columnDefault: boolean;
    section: string;
    position: number;
  } | null;
  locked?: { roles: Role[]; reason: string } | null;
}

export type CustomQueueRow = CustomQueueRecord;
