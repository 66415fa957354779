import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from '../../http.js';

/** The document types accepted (docs/product.md#documents-mail-and-evidence), by what their bytes say, with the extension they are stored under. */
const ACCEPTED: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const tail = (bytes: Buffer, size: number) => bytes.subarray(Math.max(0, bytes.length - size));

/**
 * Whether the file ends the way its format must: a file cut short in transfer starts right but
 * cannot be opened by the customer. PDF ends with %%EOF, JPEG with its end marker, PNG with the IEND
 * chunk; WebP says its length in its RIFF header.
 */
const COMPLETE: Record<string, (bytes: Buffer) => boolean> = {
  'application/pdf': (b) => tail(b, 1024).includes('%%EOF'),
  'image/jpeg': (b) => tail(b, 32).includes(Buffer.from([0xff, 0xd9])),
  'image/png': (b) => tail(b, 32).includes('IEND'),
  'image/webp': (b) => b.length >= 12 && b.readUInt32LE(4) + 8 <= b.length,
};

/** Checks the name the client gave: it is only kept as a label, but a path in it is a sign of a forged request. */
export function checkOriginalName(name: string): string {
  // Control characters are never part of a real file name; the check is meant to match them.
  // eslint-disable-next-line no-control-regex
  if (/[\\/]|\.\.|[\u0000-\u001f\u007f]/.test(name)) {
    throw badRequest('The file name must be a plain name, without a folder path.');
  }
  if (name.length > 255) throw badRequest('The file name is too long (255 characters at most).');
  return name;
}

/** The type of an uploaded document, decided by its bytes; anything else is refused with a message. */
export async function inspectDocument(bytes: Buffer): Promise<{ mime: string; extension: string }> {
  if (!bytes.length) throw badRequest('The file is empty.');
  const type = await fileTypeFromBuffer(bytes);
  const extension = type ? ACCEPTED[type.mime] : undefined;
  if (!type || !extension) throw badRequest('Only PDF, JPEG, PNG or WebP files can be uploaded.');
  if (!COMPLETE[type.mime]!(bytes)) throw badRequest('The file is damaged or incomplete. Please upload it again.');
  // pdf-lib loads with the first PDF, not with every process that starts the API (tests, workers).
  if (type.mime === 'application/pdf') await (await import('./pdfCheck.js')).checkPdf(bytes);
  return { mime: type.mime, extension };
}
