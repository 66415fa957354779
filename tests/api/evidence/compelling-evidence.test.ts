import { describe, expect, it } from 'vitest';
import {
  assessCe3,
  paymentCredentialKey,
  type Ce3Transaction,
} from '../../../api/src/modules/evidence/compellingEvidence.js';

const DISPUTE = '2026-11-01 12:00:00';
const disputed: Ce3Transaction = {
  orderId: 9,
  settledAt: '2026-10-01 10:00:00',
  userId: 'Emily.Carter@example.com',
  ip: '81.2.69.160',
  deviceId: 'a1b2c3d4e5f60718',
  address: '14 Rosebery Avenue, London',
  disputed: true,
  refunded: false,
};
/** An earlier order like the disputed one, settled `days` before the dispute. */
const prior = (orderId: number, days: number, changes: Partial<Ce3Transaction> = {}): Ce3Transaction => ({
  ...disputed,
  orderId,
  settledAt: new Date(Date.parse('2026-11-01T12:00:00Z') - days * 86_400_000).toISOString(),
  disputed: false,
  ...changes,
});

describe('Visa CE 3.0', () => {
  it('qualifies with two undisputed orders 120 to 365 days old sharing two elements, one the IP or device', () => {
    const result = assessCe3(disputed, DISPUTE, [prior(1, 120), prior(2, 365, { deviceId: null, address: null })]);
    expect(result.qualifies).toBe(true);
    expect(result.pair).toEqual([1, 2]);
    // Only what all three share counts: the second has no device id or address.
    expect(result.elements).toEqual(['User ID', 'IP address']);
    // Emails compare without case; addresses by letters and digits only.
    expect(result.priors[0]!.matches).toEqual(['User ID', 'IP address', 'Device ID', 'Shipping address']);
  });

  it.each([
    ['one settled 119 days before', [prior(1, 119), prior(2, 200)]],
    ['one settled 366 days before', [prior(1, 366), prior(2, 200)]],
    ['one disputed', [prior(1, 150, { disputed: true }), prior(2, 200)]],
    ['one refunded', [prior(1, 150, { refunded: true }), prior(2, 200)]],
    ['only the user id and address matching', [prior(1, 150, { ip: '1.1.1.1', deviceId: 'x' }), prior(2, 200)]],
    [
      'each matching on different elements, so not across all three',
      [
        prior(1, 150, { deviceId: 'other', address: 'elsewhere' }),
        prior(2, 200, { ip: '1.1.1.1', userId: 'someone@else.test' }),
      ],
    ],
    ['a single earlier order', [prior(1, 150)]],
  ])('does not qualify with %s', (_case, priors) => {
    const result = assessCe3(disputed, DISPUTE, priors);
    expect(result.qualifies).toBe(false);
    expect(result.pair).toBeNull();
  });

  it('marks each earlier order with its days before the dispute and whether it meets the rule', () => {
    const [inWindow, tooOld] = assessCe3(disputed, DISPUTE, [prior(1, 200), prior(2, 400)]).priors;
    expect(inWindow).toMatchObject({ daysBeforeDispute: 200, inWindow: true, meetsRule: true });
    expect(tooOld).toMatchObject({ daysBeforeDispute: 400, inWindow: false, meetsRule: false });
  });

  it('keys a credential by the gateway fingerprint, else brand, BIN and last four', () => {
    expect(
      paymentCredentialKey({ card_brand: 'Visa', card_bin: '424242', card_last4: '4242', card_fingerprint: 'fp_1' }),
    ).toBe('fp:fp_1');
    expect(paymentCredentialKey({ card_brand: 'Visa', card_bin: '424242', card_last4: '4242' })).toBe(
      'card:visa:424242:4242',
    );
    expect(paymentCredentialKey({ card_brand: 'Visa', card_last4: '4242' })).toBeNull();
  });
});
