import { Type, type Static } from 'typebox';
import { MESSAGES } from '@app/domain';
import { MailEmailField, MailProviderField, OrderIdField, VersionField } from '../../core/fields.js';

/** The file part of the upload form, as the route reads it from the multipart stream. */
export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/** The old system's upload form (multipart); the route turns the parts into this object before validation. */
export const UploadBody = Type.Object({
  orderId: OrderIdField,
  email: MailEmailField,
  mailServiceProvider: MailProviderField,
  version: VersionField,
  uploadVisaDoc: Type.Unsafe<UploadedFile>({
    type: 'object',
    required: ['filename', 'bytes'],
    errorMessage: { required: MESSAGES.uploadFileRequired, type: MESSAGES.uploadFileRequired },
  }),
});
export type UploadBody = Static<typeof UploadBody>;
