import { Type } from 'typebox';
import { tableRepository } from '../resources/table.js';
import type { ResourceRepository } from '../resources/types.js';
import { REMARK_FLAGS, remarkRecords } from './repo.js';
import { AddRemarkBody } from './schemas.js';
import { addRemark } from './service.js';

const Flag = Type.Optional(Type.Union([Type.Boolean(), Type.Null()]));
const NewRemarkBody = Type.Object({
  order_id: AddRemarkBody.properties.orderId,
  remark: AddRemarkBody.properties.remark,
  ...Object.fromEntries(REMARK_FLAGS.map((flag) => [flag, Flag])),
});

const records = tableRepository(remarkRecords);

/** remarks: Comment History (filtered by order_id) and the comment form (POST, in the member's name). */
export const remarksRepository: ResourceRepository = {
  list: records.list,
  create: {
    body: NewRemarkBody,
    async run({ app, member }, body) {
      const flag = (name: string) => (body[name] === true ? 'Y' : 'N');
      const added = await addRemark(app.db, member, {
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
