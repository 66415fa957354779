type Translate = (key: string, options?: object) => string;

const MAX_VALUE = 80;

/** A value as one short line: text as it is, anything else as compact JSON, long ones cut with an ellipsis. */
const shortValue = (value: unknown): string => {
  const text = value == null || value === '' ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parsed(detail: string): unknown {
  if (!detail.startsWith('{')) return undefined;
  try {
    return JSON.parse(detail);
  } catch {
    return undefined;
  }
}

/** What changed between two records, key by key: "label: Risk → Risk score; columnDefault: — → true". */
function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key}: ${shortValue(before[key])} → ${shortValue(after[key])}`);
}

/**
 * An audit event's detail in words. Custom values ({field, from, to}) and configuration changes ({id, before,
 * after}) are kept as JSON, which an Admin should not have to read: they show what changed, key by key.
 * Any other detail (a comment, a member's name) reads as recorded.
 */
export function detailText(action: string, detail: unknown, translate: Translate): string {
  if (typeof detail !== 'string' || detail === '') return '';
  const value = parsed(detail);
  if (!isRecord(value)) return detail;
  const word = (key: string) => translate(`resources.audit-events.detail.${key}`);
  if (action === 'field' && 'field' in value) {
    return `${shortValue(value.field)}: ${shortValue(value.from)} → ${shortValue(value.to)}`;
  }
  if ('id' in value && ('before' in value || 'after' in value)) {
    const { id, before, after } = value;
    if (before == null) return `${shortValue(id)}: ${word('added')}`;
    if (after == null) return `${shortValue(id)}: ${word('removed')}`;
    const changes = isRecord(before) && isRecord(after) ? changedKeys(before, after) : [];
    return `${shortValue(id)}: ${changes.length ? changes.join('; ') : word('unchanged')}`;
  }
  return detail;
}
