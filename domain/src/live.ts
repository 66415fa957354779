import { statusLabel } from './statuses.js';

/**
 * What the live event stream (GET /api/admin/events) carries: each event's `data` is one of these,
 * JSON, told apart by `type`. Shared by the API that sends them and the admin that reads them.
 */
export interface OrderChangedEvent {
  type: 'order.changed';
  orderId: number;
  status: string;
  assigneeId: number | null;
  /** Name of the member now holding the order. */
  assignTo: string | null;
  version: number;
  by: { id: number; name: string };
  /** The audit action: move, assign, unassign, delete, refund, upload, comment, transaction-details. */
  action: string;
}

export interface CountsChangedEvent {
  type: 'counts.changed';
  /** The receiving member's folder counts (get-folder-count), only of queues their role may open. */
  counts: Record<string, number>;
}

export interface PresenceEvent {
  type: 'presence';
  orderId: number;
  /** Members with the order page open, each once. */
  members: Array<{ id: number; name: string }>;
}

/** Sent instead of a replay when the events after Last-Event-ID are no longer kept: reload everything. */
export interface ResyncEvent {
  type: 'resync';
}

/**
 * An Admin changed the configuration (fields, overrides, custom queues): every signed-in
 * member reloads the registry and queues and redraws, without a reload of the page.
 */
export interface ConfigurationChangedEvent {
  type: 'configuration.changed';
  /** Increases with every change (the configuration's version). */
  version: number;
}

/** A notification for the receiving member (the bell): sent only to the members it is for. */
export interface NotificationEvent {
  type: 'notification';
  notification: {
    id: number;
    kind: string;
    title: string;
    body: string | null;
    link: string | null;
    read: boolean;
    createdAt: string;
  };
}

/** Disputes opened, answered or closed: `due` is how many wait for an answer now (the sidebar's count). */
export interface DisputesChangedEvent {
  type: 'disputes.changed';
  due: number;
}

export type LiveEvent =
  | OrderChangedEvent
  | CountsChangedEvent
  | PresenceEvent
  | ResyncEvent
  | ConfigurationChangedEvent
  | NotificationEvent
  | DisputesChangedEvent;

/** A change as a sentence's end: "Alice moved it to Completed" reads `${by} ${describeChange(...)}`. */
export function describeChange(event: Pick<OrderChangedEvent, 'action' | 'status' | 'assignTo'>): string {
  switch (event.action) {
    case 'assign':
      return `assigned it to ${event.assignTo ?? 'someone'}`;
    case 'unassign':
      return 'moved it back to its original folder';
    case 'delete':
      return 'deleted it';
    case 'refund':
      return 'refunded it';
    case 'upload':
      return `uploaded its document (now ${statusLabel(event.status)})`;
    case 'comment':
      return 'added a comment';
    case 'transaction-details':
      return 'saved its transaction details';
    default:
      return `moved it to ${statusLabel(event.status)}`;
  }
}
