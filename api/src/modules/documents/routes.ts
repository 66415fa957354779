import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, HttpError, ok } from '../../http.js';
import { UploadBody } from './schemas.js';
import { uploadDocument } from './service.js';
import { closeAfterRefusal, readFileUpToLimit, uploadTooLarge } from '../../plugins/uploadLimits.js';

const FORM_FIELDS = new Set(['orderId', 'email', 'mailServiceProvider', 'version']);
const FILE_FIELD = 'uploadVisaDoc';

/** A multipart failure as a refusal the user can act on (the plugin's own messages are terse). */
function multipartRefusal(error: unknown, maxMb: number): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return uploadTooLarge(maxMb);
  if (code === 'FST_FILES_LIMIT') return badRequest('Please upload one file at a time.');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return badRequest('The form has too many fields.');
  return badRequest('The upload could not be read completely. Please try again.');
}

/**
 * Reads the multipart form into request.body before validation, so the same TypeBox schema checks it
 * as any JSON body. The file is buffered (it is at most UPLOAD_MAX_MB); its client-side name is kept
 * with any path in it (preservePath), so that the service can refuse a forged one.
 */
async function readUploadForm(request: FastifyRequest, reply: FastifyReply) {
  if (!request.isMultipart()) throw badRequest('Please send the document as a multipart form (multipart/form-data).');
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts({ preservePath: true })) {
      if (part.type === 'file') {
        if (part.fieldname === FILE_FIELD) {
          const bytes = await readFileUpToLimit(part.file, request.server.config.uploadMaxMb);
          body[FILE_FIELD] = { filename: part.filename, bytes };
        } else part.file.resume();
      } else if (FORM_FIELDS.has(part.fieldname)) {
        body[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const refusal = multipartRefusal(error, request.server.config.uploadMaxMb);
    if (refusal.statusCode === 413) closeAfterRefusal(reply);
    throw refusal;
  }
  request.body = body;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/upload-visa-document',
    {
      schema: { tags: ['documents'], consumes: ['multipart/form-data'], body: UploadBody },
      config: { permission: 'orders.work' },
      preValidation: readUploadForm,
    },
    async (request) => {
      const { file1 } = await uploadDocument(app, request.member, request.body);
      return ok('Document uploaded successfully. The mail to the customer is on its way.', {
        file1,
        link: `/uploads/docs/${request.body.orderId}_${file1}`,
      });
    },
  );
};

export default routes;
