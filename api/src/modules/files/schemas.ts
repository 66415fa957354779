import { Type } from 'typebox';

export const DocumentParams = Type.Object({ name: Type.String({ maxLength: 220 }) });

/** Both optional: a staff token in Authorization is the other way in. */
export const DocumentQuery = Type.Object({
  expires: Type.Optional(Type.String({ maxLength: 20 })),
  signature: Type.Optional(Type.String({ maxLength: 128 })),
});
