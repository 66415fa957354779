import { describe, expect, it } from 'vitest';
import { detailText } from '../../admin/src/audit-events/detailText';
import { auditEventsMessages } from '../../admin/src/audit-events/messages';

const english: { detail: Record<string, string> } = auditEventsMessages.en;
const translate = (key: string) => english.detail[key.split('.').pop()!] ?? key;

describe("the Audit Log's Detail", () => {
  it("names a custom value's change from and to", () => {
    expect(detailText('field', JSON.stringify({ field: 'risk', from: null, to: 'High' }), translate)).toBe(
      'risk: — → High',
    );
  });

  it('lists the keys a configuration change changed, not its JSON', () => {
    const before = { id: 'risk', label: 'Risk', readRoles: ['Admin'], position: 10 };
    const after = { ...before, label: 'Risk score', readRoles: ['Admin', 'Manager'] };
    expect(detailText('config-field', JSON.stringify({ id: 'risk', before, after }), translate)).toBe(
      'risk: label: Risk → Risk score; readRoles: ["Admin"] → ["Admin","Manager"]',
    );
    expect(detailText('config-queue', JSON.stringify({ id: 'vip', before: null, after: {} }), translate)).toBe(
      'vip: added',
    );
    expect(detailText('config-queue', JSON.stringify({ id: 'vip', before: {}, after: null }), translate)).toBe(
      'vip: removed',
    );
  });

  it('cuts a long value and keeps any other detail as recorded', () => {
    const long = 'x'.repeat(200);
    const text = detailText(
      'config-field',
      JSON.stringify({ id: 'a', before: { help: '' }, after: { help: long } }),
      translate,
    );
    expect(text.length).toBeLessThan(120);
    expect(text.endsWith('…')).toBe(true);
    expect(detailText('comment', 'Called the customer {twice}', translate)).toBe('Called the customer {twice}');
    expect(detailText('member-add', 'Jane Doe', translate)).toBe('Jane Doe');
  });
});
