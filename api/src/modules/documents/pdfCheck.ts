import {
  EncryptedPDFError,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFObject,
  PDFRef,
  PDFStream,
  type PDFContext,
} from 'pdf-lib';
import { badRequest } from '../../http.js';

/** Keys and action types that make a PDF do something when opened: refused, as it is mailed to customers. */
const JAVASCRIPT_KEYS = ['JS', 'JavaScript'];
const ACTIVE_ACTIONS: Record<string, string> = {
  JavaScript: 'JavaScript',
  Launch: 'an action that launches a program',
  ImportData: 'an action that imports data',
  SubmitForm: 'a form that submits data',
  RichMediaExecute: 'active media',
};
const EMBEDDED_KEYS = ['EmbeddedFile', 'EmbeddedFiles', 'EF', 'RichMedia'];

const refuse = (what: string) =>
  badRequest(`The PDF contains ${what}, which cannot be sent to a customer. Please upload a plain PDF.`);

const nameOf = (value: PDFObject | undefined) => (value instanceof PDFName ? value.decodeText() : undefined);

/** Every dictionary in the file, direct or nested (inside arrays, streams or other dictionaries). */
function* dictionaries(context: PDFContext): Generator<PDFDict> {
  const seen = new Set<PDFObject>();
  const stack: PDFObject[] = context.enumerateIndirectObjects().map(([, object]) => object);
  while (stack.length) {
    const object = stack.pop()!;
    if (seen.has(object) || object instanceof PDFRef) continue;
    seen.add(object);
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined;
    if (dict) {
      yield dict;
      stack.push(...dict.values());
    } else if (object instanceof PDFArray) {
      stack.push(...object.asArray());
    }
  }
}

/**
 * Parses a PDF with pdf-lib (object streams included) and refuses one that cannot be read, is
 * encrypted (it cannot be inspected), has no page, or carries JavaScript, launch or other active
 * actions, or embedded files. Any dictionary anywhere counts: open actions, name trees, page and
 * annotation actions alike.
 */
export async function checkPdf(bytes: Buffer): Promise<void> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (error) {
    if (error instanceof EncryptedPDFError) {
      throw badRequest('The PDF is encrypted, so it cannot be checked. Please upload it without a password.');
    }
    throw badRequest('The file is not a readable PDF. Please upload it again.');
  }
  let pages: number;
  try {
    pages = document.getPageCount();
  } catch {
    throw badRequest('The file is not a readable PDF. Please upload it again.');
  }
  if (pages === 0) throw badRequest('The PDF has no page.');
  for (const dict of dictionaries(document.context)) {
    for (const key of dict.keys()) {
      const name = key.decodeText();
      if (JAVASCRIPT_KEYS.includes(name)) throw refuse('JavaScript');
      if (EMBEDDED_KEYS.includes(name)) throw refuse('an embedded file');
    }
    const action = nameOf(dict.get(PDFName.of('S')));
    if (action && ACTIVE_ACTIONS[action]) throw refuse(ACTIVE_ACTIONS[action]);
    const type = nameOf(dict.get(PDFName.of('Type')));
    if (type === 'EmbeddedFile' || type === 'Filespec') throw refuse('an embedded file');
  }
}
