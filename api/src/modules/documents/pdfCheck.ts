import {
  EncryptedPDFError,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFObject,
  PDFParser,
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
  GoToR: 'an action that opens another file',
  GoToE: 'an action that opens an embedded file',
  ImportData: 'an action that imports data',
  SubmitForm: 'a form that submits data',
  RichMediaExecute: 'active media',
};
const EMBEDDED_KEYS = ['EmbeddedFile', 'EmbeddedFiles', 'EF', 'RichMedia'];
/** An XFA form carries its own scripts and is run by some readers whatever the rest of the file says. */
const XFA_KEY = 'XFA';
/**
 * Names looked for in the raw bytes too, streams included, after decoding `#xx` escapes: what no part
 * of a plain document needs, and long enough not to turn up by chance in compressed data.
 */
const RAW_ACTIVE_NAMES: Record<string, string> = {
  JavaScript: 'JavaScript',
  XFA: 'an XFA form',
  Launch: ACTIVE_ACTIONS.Launch!,
  GoToR: ACTIVE_ACTIONS.GoToR!,
  GoToE: ACTIVE_ACTIONS.GoToE!,
  RichMediaExecute: ACTIVE_ACTIONS.RichMediaExecute!,
};

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

/** A PDF name as written (`/J#61vaScript`) with its `#xx` escapes decoded (`JavaScript`). */
const decodeName = (written: string) =>
  written.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * What the raw bytes say, whatever a parser makes of them: readers follow the
 * xref while pdf-lib reads the body in order, so a file can show each a different document. Refused:
 * an object number and generation defined twice anywhere in the bytes (incremental updates included:
 * such a file must be saved again as one piece), a classic xref entry that does not point at the
 * object it names, and an active name anywhere, streams included, escaped or not.
 */
function checkRawBytes(bytes: Buffer): void {
  const text = bytes.toString('latin1');
  const defined = new Map<string, number>();
  for (const match of text.matchAll(/(?<![0-9])(\d{1,10})[\0\t\n\f\r ]+(\d{1,5})[\0\t\n\f\r ]+obj(?![A-Za-z])/g)) {
    const object = `${Number(match[1])} ${Number(match[2])}`;
    if (defined.has(object))
      throw badRequest(
        `The PDF defines object ${object} twice, so readers may not show what was checked. Please save it again as a new PDF and upload that.`,
      );
    defined.set(object, match.index);
  }
  for (const section of text.matchAll(
    /(?<![A-Za-z])xref[\r\n ]+((?:\d+ \d+[\r\n ]+(?:\d{10} \d{5} [nf][\r\n ]{1,2})*)+)/g,
  )) {
    for (const subsection of section[1]!.matchAll(/(\d+) (\d+)[\r\n ]+((?:\d{10} \d{5} [nf][\r\n ]{1,2})*)/g)) {
      const first = Number(subsection[1]);
      [...subsection[3]!.matchAll(/(\d{10}) (\d{5}) ([nf])/g)].forEach(([, offset, generation, kind], i) => {
        if (kind !== 'n') return;
        const object = `${first + i} ${Number(generation)}`;
        if (defined.get(object) !== Number(offset))
          throw badRequest(
            `The PDF's cross-reference table does not match its objects (object ${object}). Please save it again as a new PDF and upload that.`,
          );
      });
    }
  }
  for (const [, written] of text.matchAll(/\/([^\0\t\n\f\r ()<>[\]{}/%]+)/g)) {
    const what = RAW_ACTIVE_NAMES[decodeName(written!)];
    if (what) throw refuse(what);
  }
}

/**
 * Objects pdf-lib's parser assigns twice (in the body or inside object streams): pdf-lib keeps the
 * last, a reader may take the first. Parsed on its own, as PDFDocument.load hides its context.
 */
async function checkParsedOnce(bytes: Buffer): Promise<void> {
  const parser = PDFParser.forBytesWithOptions(bytes, Infinity, true);
  // The parser's context is protected in pdf-lib's types; counting its assignments is all this does.
  const context = (parser as unknown as { context: PDFContext }).context;
  const assigned = new Set<string>();
  let twice: string | undefined;
  const assign = context.assign.bind(context);
  context.assign = (ref, object) => {
    if (assigned.has(ref.tag)) twice ??= ref.tag.replace(/ R$/, '');
    assigned.add(ref.tag);
    assign(ref, object);
  };
  try {
    await parser.parseDocument();
  } catch {
    throw badRequest('The file is not a readable PDF. Please upload it again.');
  }
  if (twice)
    throw badRequest(
      `The PDF defines object ${twice} twice, so readers may not show what was checked. Please save it again as a new PDF and upload that.`,
    );
}

/** Every object reachable from `root`, following references (an action's Next chain, a dictionary of actions). */
function* reachable(context: PDFContext, root: PDFObject | undefined): Generator<PDFObject> {
  const seen = new Set<PDFObject>();
  const stack = root ? [root] : [];
  while (stack.length) {
    let object = stack.pop()!;
    if (object instanceof PDFRef) object = context.lookup(object) ?? object;
    if (seen.has(object) || object instanceof PDFRef) continue;
    seen.add(object);
    yield object;
    if (object instanceof PDFDict) stack.push(...object.values());
    else if (object instanceof PDFArray) stack.push(...object.asArray());
  }
}

/** Refuses a URI action that runs by itself: from the catalog's OpenAction or any additional-actions (AA) entry. */
function checkActionsOnOpen(document: PDFDocument, dicts: PDFDict[]): void {
  const { context } = document;
  const automatic = [
    document.catalog.get(PDFName.of('OpenAction')),
    ...dicts.map((dict) => dict.get(PDFName.of('AA'))).filter((aa) => aa !== undefined),
  ];
  for (const root of automatic)
    for (const object of reachable(context, root))
      if (object instanceof PDFDict && nameOf(object.get(PDFName.of('S'))) === 'URI')
        throw refuse('a web address that opens by itself');
}

/**
 * Parses a PDF with pdf-lib (object streams included) and refuses one that cannot be read, is
 * encrypted (it cannot be inspected), has no page, or carries JavaScript, launch, go-to-another-file
 * or other active actions, an XFA form, a web address opened by itself, or embedded files. Any
 * dictionary anywhere counts: open actions, name trees, page and annotation actions alike. The raw
 * bytes are checked as well (checkRawBytes), so that a reader following the xref sees the same file.
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
  checkRawBytes(bytes);
  await checkParsedOnce(bytes);
  const dicts = [...dictionaries(document.context)];
  for (const dict of dicts) {
    for (const key of dict.keys()) {
      const name = key.decodeText();
      if (JAVASCRIPT_KEYS.includes(name)) throw refuse('JavaScript');
      if (EMBEDDED_KEYS.includes(name)) throw refuse('an embedded file');
      if (name === XFA_KEY) throw refuse('an XFA form');
    }
    const action = nameOf(dict.get(PDFName.of('S')));
    if (action && ACTIVE_ACTIONS[action]) throw refuse(ACTIVE_ACTIONS[action]);
    const type = nameOf(dict.get(PDFName.of('Type')));
    if (type === 'EmbeddedFile' || type === 'Filespec') throw refuse('an embedded file');
  }
  checkActionsOnOpen(document, dicts);
}
