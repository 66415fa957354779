import { Liquid, type Template } from 'liquidjs';
import { LRUCache } from 'lru-cache';
import { MAIL_TEMPLATE_VARIABLES, type MailTemplateVariable } from '@app/domain';

/**
 * The template language of mails: Liquid, with no code, no file to include (an empty template map),
 * every value HTML-escaped on output, and an unknown variable or filter an error. Limits keep a
 * template (a loop over a huge range) from holding the event loop or the memory.
 */
const engine = new Liquid({
  outputEscape: 'escape',
  strictVariables: true,
  strictFilters: true,
  ownPropertyOnly: true,
  templates: {},
  parseLimit: 100_000,
  renderLimit: 500,
  memoryLimit: 10_000_000,
});

/** The values a mail's template is rendered with: every allowed variable, nil where it does not apply. */
export type MailVariables = Record<MailTemplateVariable, string | number | null>;

/** A template's text parsed once (each mail renders the same few texts again and again). */
const parsed = new LRUCache<string, Template[]>({ max: 500 });
function parse(source: string): Template[] {
  let templates = parsed.get(source);
  if (!templates) parsed.set(source, (templates = engine.parse(source)));
  return templates;
}

/** A template rendered: values HTML-escaped, the template's own text as written. */
export const renderLiquid = async (source: string, variables: MailVariables): Promise<string> =>
  String(await engine.render(parse(source), variables));

const ALLOWED = new Set<string>(MAIL_TEMPLATE_VARIABLES);

/**
 * Why a template's text cannot be saved, or null: it does not parse, it uses a variable outside the
 * allow-list (in any branch, rendered or not), or it fails to render against `sample`.
 */
export async function liquidProblem(source: string, sample: MailVariables): Promise<string | null> {
  try {
    const templates = parse(source);
    const unknown = engine
      .globalVariableSegmentsSync(templates)
      .map((segments) => String(segments[0]))
      .find((name) => !ALLOWED.has(name));
    if (unknown) return `unknown variable "${unknown}"`;
    await engine.render(templates, sample);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
