import { apiCall } from '../httpClient';
import { readStoredUser } from '../session';
import { messageOf } from './orders';

/** The six flags of a comment (docs/product.md#orders), each sent as 'Y' when ticked. */
export const REMARK_FLAGS = ['whatsapp', 'telephone', 'statusRefund', 'voided', 'chargeBack', 'reportError'] as const;
export type RemarkFlag = (typeof REMARK_FLAGS)[number];

export interface NewRemark {
  orderId: number;
  remark: string;
  flags: Partial<Record<RemarkFlag, boolean>>;
}

/** Comments on an order (add-new-remark); the remarker is the signed-in member. */
export const remarksMethods = {
  addRemark: ({ orderId, remark, flags }: NewRemark) =>
    messageOf(
      apiCall('admin/add-new-remark', {
        method: 'POST',
        json: {
          orderId,
          remark: remark.trim(),
          remarkerName: readStoredUser()?.name ?? '',
          ...Object.fromEntries(REMARK_FLAGS.map((flag) => [flag, flags[flag] ? 'Y' : ''])),
        },
      }),
    ),
};
