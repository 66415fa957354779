/** An audit action in words (`resources.audit-events.actions.<action>`), the action itself when the catalogue has none. */
export const actionText = (action: string, translate: (key: string, options?: object) => string) =>
  translate(`resources.audit-events.actions.${action}`, { _: action });
