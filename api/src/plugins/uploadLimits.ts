import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http.js';

/** Room for the multipart framing and the form's few text fields next to the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export const uploadTooLarge = (maxMb: number) => new HttpError(413, `The file is too large: ${maxMb} MB at most.`);

/**
 * Ends an over-size upload's connection once the 413 is sent, so that the rest of the body is not
 * read (Node would otherwise drain it to keep the connection alive: 1.6 GB took 17 s).
 */
export function closeAfterRefusal(reply: FastifyReply) {
  void reply.header('connection', 'close');
}

/**
 * onRequest, for every route (nothing the API takes is larger than an upload): a body whose
 * Content-Length is over the upload limit is refused before a byte of it is read, even before the
 * sign-in check, whose refusal would otherwise let Node drain the body too.
 */
export async function refuseDeclaredOversize(request: FastifyRequest, reply: FastifyReply) {
  const maxMb = request.server.config.uploadMaxMb;
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxMb * 1024 * 1024 + FORM_OVERHEAD_BYTES) {
    closeAfterRefusal(reply);
    throw uploadTooLarge(maxMb);
  }
}

/**
 * Reads an uploaded file part, refusing it as soon as it passes the limit. (The multipart part's own
 * toBuffer() waits for the part to end, which means reading the whole over-size body.)
 */
export function readFileUpToLimit(file: Readable, maxMb: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', () => {
      chunks.length = 0;
      file.destroy();
      reject(uploadTooLarge(maxMb));
    });
    file.once('end', () => resolve(Buffer.concat(chunks)));
    file.once('error', reject);
  });
}
