import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, badRequest, messageAnswer, ok, streamAnswer } from '../../http.js';
import { closeAfterRefusal, readFileUpToLimit, uploadTooLarge } from '../../plugins/uploadLimits.js';
import { uploadDocument, UploadBody } from '../documents/service.js';
import { defencePackPdf, saveDefencePackDetails, type DefencePackType } from '../evidence/service.js';
import { sendInvoice } from '../invoices/service.js';
import { invoicePdfOfMail, resendMail } from '../mail/service.js';
import { addRemark, AddRemarkBody } from '../remarks/service.js';
import {
  DefencePackBody,
  DefencePackDetailsBody,
  InvoiceParams,
  RecordAnswer,
  ResendMailBody,
  SendInvoiceBody,
  UploadAnswer,
} from './schemas.js';

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

/** An order's comments, document, mails, invoice and Defence Packs. */
const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/add-new-remark',
    {
      schema: { tags: ['orders'], body: AddRemarkBody, response: RecordAnswer },
      config: { permission: 'orders.work' },
    },
    async (request) => ok('Remark added successfully.', await addRemark(app, request.member, request.body)),
  );

  app.post(
    '/admin/upload-visa-document',
    {
      schema: { tags: ['documents'], consumes: ['multipart/form-data'], body: UploadBody, response: UploadAnswer },
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

  app.post(
    '/admin/resend-mail',
    {
      schema: { tags: ['documents'], body: ResendMailBody, response: messageAnswer },
      config: { permission: 'orders.work' },
    },
    async (request) => {
      await resendMail(app, request.member, request.body);
      return ok(`Mail queued for ${request.body.email} via ${request.body.mailServiceProvider}.`);
    },
  );

  app.post(
    '/admin/send-invoice',
    {
      schema: { tags: ['invoices'], body: SendInvoiceBody, response: messageAnswer },
      config: { permission: 'invoices.send' },
    },
    async (request) => {
      const { orderId, version } = request.body;
      const { email } = await sendInvoice(app, request.member, Number(orderId), version);
      return ok(`The invoice has been queued and will be emailed to ${email}.`);
    },
  );

  app.get(
    '/admin/invoices/:mailId',
    {
      schema: {
        response: streamAnswer('application/pdf'),
        tags: ['invoices'],
        params: InvoiceParams,
        produces: ['application/pdf'],
      },
      config: { permission: 'orders.read' },
    },
    async (request, reply) => {
      const { orderId, pdf } = await invoicePdfOfMail(app, request.params.mailId);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="Invoice-${orderId}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/admin/get-defence-pack-pdf',
    {
      schema: {
        response: streamAnswer('application/pdf'),
        tags: ['evidence'],
        body: DefencePackBody,
        produces: ['application/pdf'],
      },
      config: { permission: 'evidence.read' },
    },
    async (request, reply) => {
      const { orderId, defencePackType } = request.body;
      const pdf = await defencePackPdf(app, request.member, orderId, defencePackType as DefencePackType);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="defence-pack-${defencePackType}-${orderId}.pdf"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/admin/defence-pack-details',
    {
      schema: { tags: ['evidence'], body: DefencePackDetailsBody, response: messageAnswer },
      config: { permission: 'orders.work' },
    },
    async (request) => {
      await saveDefencePackDetails(app, request.member, request.body);
      return ok('Transaction details saved successfully.');
    },
  );
};

export default documentRoutes;
