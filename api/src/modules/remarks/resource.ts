import { tableRepository } from '../../db/list.js';
import type { ResourceRepository } from '../../core/resources.js';
import { remarkRecords } from './repo.js';
import { addRemark } from './service.js';

const records = tableRepository(remarkRecords);

/** remarks: Comment History (filtered by order_id) and the comment form (POST, in the member's name). */
export const remarksRepository: ResourceRepository = {
  list: records.list,
  create: {
    async run({ app, member }, body) {
      const flag = (name: string) => (body[name] === true ? 'Y' : 'N');
      const added = await addRemark(app, member, {
        orderId: body.order_id as number,
        remark: body.remark as string,
        whatsapp: flag('whatsapp'),
        telephone: flag('telephone'),
        statusRefund: flag('status_refund'),
        voided: flag('voided'),
        chargeBack: flag('chargeback'),
        reportError: flag('report_error'),
      });
      return (await records.byId(app.db, added.id))!;
    },
  },
};
