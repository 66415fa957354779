import fs from 'node:fs';
import path from 'node:path';
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldDefinition, Registry } from '@app/domain';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { dialects } from '../../helpers/db.js';
import { tableChecksums } from '../../helpers/checksum.js';
import { endpointName, endpoints, fillPath, type Endpoint, type JsonSchema } from '../../helpers/endpoints.js';
import { minimalPdf } from '../../../seeds/generator.js';

/**
 * Hostile input for every endpoint, generated from its schemas. Each request starts from a body that
 * points at nothing (an order id, member id or gateway id that does not exist; for add-team-member an
 * Admin, which the Manager sending it may not create), so that a hostile value the schema accepts
 * still fails without writing. The one write with nothing to point at (change-password) only gets the
 * values its schema refuses. Whatever happens, no 500, a message with every refusal, and at the end
 * every table and every stored file as it was.
 */

const UNKNOWN_ID = 999_999_999;
const UNANCHORED = new Set(['POST /api/admin/change-password']);

const HOSTILE_STRINGS: Record<string, string> = {
  empty: '',
  blank: '   \t ',
  '100 KB': 'a'.repeat(100_000),
  unicode: 'Ünïcødé ✓ 日本語 ไทย العربية 🚀\u202egnp.exe',
  'lone surrogate': '\ud800',
  'NUL byte': 'a\u0000b',
  'SQL quote': "' OR '1'='1' --",
  'SQL statement': '1; DROP TABLE orders; --',
  'SQL union': '0 UNION SELECT password_hash FROM team_members',
  'HTML script': '<script>alert(document.cookie)</script>',
  'HTML attribute': '"><img src=x onerror=alert(1)>',
  'path traversal': '../../../../etc/passwd',
  'header injection': 'x\r\nSet-Cookie: a=b',
  template: '${7*7}{{7*7}}%s%n',
  'impossible date': '9999-99-99',
  'zero date': '0000-00-00',
  'huge number': '9'.repeat(400),
};
/** Wrong types and edge numbers, for JSON bodies. `true` is left out: the validator reads it as 1, a real id. */
const HOSTILE_VALUES: Record<string, unknown> = {
  null: null,
  false: false,
  zero: 0,
  negative: -1,
  fraction: 1.5,
  '1e300': 1e300,
  'beyond 2^53': 2 ** 53 + 2,
  'empty array': [],
  'array of strings': ['x', 'y'],
  'empty object': {},
  'operator object': { $ne: 1, $gt: '' },
};
/** What can only be written in a URL: broken escapes and encoded specials. */
const URL_ONLY = [
  '%',
  '%zz',
  '%00',
  '%ED%A0%80',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%252e%252e%252f',
  '%0d%0aX-Injected:%201',
];

const encodeForUrl = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80'; // a lone surrogate has no UTF-8 form; a client would send these bytes
  }
};

const ID_LIKE = ['999999999', 'ghost@example.test', '2024-01-01', '2030-01', 'UTC', 'x', 'ghost_key'];

/** A value the schema accepts that points at nothing that exists. */
function sample(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return schema.maximum !== undefined && schema.maximum < UNKNOWN_ID ? (schema.minimum ?? 0) : UNKNOWN_ID;
    case 'boolean':
      return false;
    case 'array':
      return [sample(schema.items ?? {})];
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, sample(schema.properties![key]!)]));
    default: {
      const fits = (s: string) =>
        s.length >= (schema.minLength ?? 0) &&
        s.length <= (schema.maxLength ?? Infinity) &&
        (!schema.pattern || new RegExp(schema.pattern).test(s));
      const found = ID_LIKE.find(fits);
      if (found === undefined) throw new Error(`No sample for ${JSON.stringify(schema)}`);
      return found;
    }
  }
}

interface HostileCase {
  label: string;
  request: InjectOptions;
  /** Whether the body passes the route's schema (then only the anchor keeps it from writing). */
  schemaValid?: boolean;
  /** Never acceptable, whatever the schema validator says (digits no number can hold, for a number). */
  mustRefuse?: boolean;
}

const isNumeric = (schema: JsonSchema | undefined) => schema?.type === 'integer' || schema?.type === 'number';
const HUGE = HOSTILE_STRINGS['huge number']!;

// Fastify's own validator compiler with the app's options, to know which hostile bodies get past the schema.
const compileValidator = AjvCompiler()({}, { customOptions: { keywords: ['errorMessage'], allErrors: false } });
const validBody = (e: Endpoint, body: unknown) =>
  !!compileValidator({ schema: e.body!, method: e.method, url: e.url, httpPart: 'body' })(structuredClone(body));

function fieldCases(e: Endpoint): HostileCase[] {
  const cases: HostileCase[] = [];
  const name = endpointName(e);
  const basePath = fillPath(e.url, (param) => String(sample(e.params?.properties?.[param] ?? {})));
  const baseQuery = e.querystring ? (sample(e.querystring) as Record<string, unknown>) : {};
  const queryString = (query: Record<string, string>) =>
    Object.entries(query)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');

  if (e.body && !e.multipart) {
    const base = sample(e.body) as Record<string, unknown>;
    const add = (label: string, body: Record<string, unknown>, mustRefuse = false) => {
      const schemaValid = validBody(e, body);
      if (schemaValid && UNANCHORED.has(name)) return;
      cases.push({
        label,
        schemaValid,
        mustRefuse,
        request: { method: e.method as 'POST', url: basePath, payload: body },
      });
    };
    for (const [field, schema] of Object.entries(e.body.properties ?? {})) {
      const { [field]: _, ...without } = base;
      add(`body without ${field}`, without);
      for (const [label, value] of Object.entries({ ...HOSTILE_STRINGS, ...HOSTILE_VALUES })) {
        add(`body ${field} = ${label}`, { ...base, [field]: value }, isNumeric(schema) && value === HUGE);
      }
    }
  }
  for (const [field, schema] of Object.entries(e.querystring?.properties ?? {})) {
    for (const [label, value] of [
      ...Object.entries(HOSTILE_STRINGS).map(([l, v]) => [l, encodeForUrl(v)]),
      ...URL_ONLY.map((v) => [v, v]),
    ]) {
      const query = { ...(baseQuery as Record<string, string>), [field]: value! };
      cases.push({
        label: `query ${field} = ${label}`,
        mustRefuse: isNumeric(schema) && value === HUGE,
        request: { method: 'GET', url: `${basePath}?${queryString(query)}` },
      });
    }
    const repeated = `${field}=1&${field}=2&${field}=${encodeForUrl(HOSTILE_STRINGS['SQL quote']!)}`;
    cases.push({ label: `query ${field} repeated`, request: { method: 'GET', url: `${basePath}?${repeated}` } });
  }
  for (const param of Object.keys(e.params?.properties ?? {})) {
    for (const [label, value] of [
      ...Object.entries(HOSTILE_STRINGS).map(([l, v]) => [l, encodeForUrl(v)]),
      ...URL_ONLY.map((v) => [v, v]),
    ]) {
      const url = e.url.replace(/:(\w+)/g, (_, p: string) =>
        p === param ? value! : encodeForUrl(String(sample(e.params!.properties![p]!))),
      );
      cases.push({ label: `path ${param} = ${label}`, request: { method: e.method as 'GET', url } });
    }
  }
  return cases;
}

/** Bodies no endpoint should choke on: not JSON, not an object, the wrong type, too big. */
/**
 * A resource list (ra-data-simple-rest) takes JSON in its query: hostile values inside `filter` (each
 * filter key of the resource's description, the required ones otherwise valid so the list is reached),
 * inside `sort` and inside `range`.
 */
function resourceListCases(e: Endpoint, registry: Registry): HostileCase[] {
  const resource = e.method === 'GET' && e.querystring?.properties?.filter ? registry[e.url.slice(5)] : undefined;
  if (!resource) return [];
  const validValue = (f: FieldDefinition) =>
    f.choices ? f.choices[0] : f.type === 'date' ? '2026-01-01' : f.type === 'text' ? 'x' : UNKNOWN_ID;
  const base = Object.fromEntries(
    resource.fields
      .filter((f) => resource.requiredFilters?.includes(f.source) || f.source === 'queue')
      .map((f) => [f.source, validValue(f)]),
  );
  const keys = resource.fields.flatMap((f) =>
    f.filter === 'range' ? [`${f.source}_gte`, `${f.source}_lte`] : f.filter ? [f.source] : [],
  );
  const get = (label: string, query: Record<string, unknown>): HostileCase => ({
    label,
    request: {
      method: 'GET',
      url: `${e.url}?${Object.entries(query)
        .map(([k, v]) => `${k}=${encodeForUrl(JSON.stringify(v))}`)
        .join('&')}`,
    },
  });
  const cases: HostileCase[] = [];
  for (const [label, value] of Object.entries({ ...HOSTILE_STRINGS, ...HOSTILE_VALUES })) {
    for (const key of ['id', ...keys])
      cases.push(get(`filter ${key} = ${label}`, { filter: { ...base, [key]: value } }));
    cases.push(get(`sort field = ${label}`, { filter: base, sort: [value, 'ASC'] }));
    cases.push(get(`sort order = ${label}`, { filter: base, sort: [resource.defaultSort.field, value] }));
    cases.push(get(`range = ${label}`, { filter: base, range: [value, 9] }));
  }
  return cases;
}

function bodyCases(e: Endpoint): HostileCase[] {
  const url = fillPath(e.url, () => String(UNKNOWN_ID));
  const raw = (label: string, contentType: string | undefined, payload: string | Buffer): HostileCase => ({
    label,
    request: {
      method: e.method as 'POST',
      url,
      headers: contentType ? { 'content-type': contentType } : {},
      payload,
    },
  });
  const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
  return [
    raw('invalid JSON', 'application/json', '{"orderId":'),
    raw('empty JSON body', 'application/json', ''),
    raw('JSON null', 'application/json', 'null'),
    raw('JSON array', 'application/json', '[1,2,3]'),
    raw('JSON string', 'application/json', '"x"'),
    raw('JSON number', 'application/json', '123'),
    raw('prototype pollution', 'application/json', '{"__proto__":{"isAdmin":true},"orderId":1}'),
    raw('constructor pollution', 'application/json', '{"constructor":{"prototype":{"isAdmin":true}}}'),
    raw('5000 levels deep', 'application/json', deep),
    raw('byte order mark', 'application/json', '\ufeff{}'),
    raw('UTF-16 charset', 'application/json; charset=utf-16le', Buffer.from('{}', 'utf16le')),
    raw('plain text', 'text/plain', 'hello'),
    raw('form encoded', 'application/x-www-form-urlencoded', 'orderId=1&remark=x'),
    raw(
      'XML',
      'application/xml',
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
    ),
    raw('no content type', undefined, '{}'),
    raw(
      'broken multipart',
      'multipart/form-data; boundary=zzz',
      '--zzz\r\nContent-Disposition: form-data; name="orderId"\r\n\r\n1',
    ),
    raw('2 MB JSON', 'application/json', JSON.stringify({ orderId: 1, remark: 'x'.repeat(2_000_000) })),
  ];
}

/** Upload forms (multipart) for an order that does not exist, each with one hostile part. */
function uploadCases(url: string): HostileCase[] {
  const pdf = minimalPdf(['hostile']);
  const form = (label: string, fields: Record<string, string>, file?: { bytes: Buffer; name: string }, files = 1) => {
    const data = new FormData();
    const all = { orderId: String(UNKNOWN_ID), email: 'ghost@example.test', mailServiceProvider: 'AWS', ...fields };
    for (const [key, value] of Object.entries(all)) if (value !== '\u0000omit') data.append(key, value);
    for (let i = 0; i < files && file; i++)
      data.append('uploadVisaDoc', new File([new Uint8Array(file.bytes)], file.name));
    return { label, request: { method: 'POST' as const, url, payload: data } };
  };
  const cases: HostileCase[] = [];
  for (const field of ['orderId', 'email', 'mailServiceProvider']) {
    cases.push(form(`form without ${field}`, { [field]: '\u0000omit' }, { bytes: pdf, name: 'a.pdf' }));
    for (const [label, value] of Object.entries(HOSTILE_STRINGS)) {
      cases.push(form(`form ${field} = ${label}`, { [field]: value }, { bytes: pdf, name: 'a.pdf' }));
    }
  }
  for (const [label, name] of Object.entries({
    ...HOSTILE_STRINGS,
    'nested path': 'a/b/../../c.pdf',
    windows: 'C:\\x\\a.pdf',
  })) {
    if (name) cases.push(form(`file name = ${label}`, {}, { bytes: pdf, name }));
  }
  const files: Record<string, Buffer> = {
    'HTML named .pdf': Buffer.from('<html><script>alert(1)</script></html>'),
    'SVG with script': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    'empty file': Buffer.alloc(0),
    'PDF cut short': pdf.subarray(0, pdf.length - 20),
    'ZIP bomb header': Buffer.from('504b0304140000000800', 'hex'),
    '11 MB': Buffer.concat([pdf, Buffer.alloc(11 * 1024 * 1024)]),
  };
  for (const [label, bytes] of Object.entries(files)) cases.push(form(`file = ${label}`, {}, { bytes, name: 'a.pdf' }));
  cases.push(form('no file', {}));
  cases.push(form('two files', {}, { bytes: pdf, name: 'a.pdf' }, 2));
  return cases;
}

const parseJson = (text: string) => {
  try {
    return JSON.parse(text) as { status?: number; message?: unknown };
  } catch {
    return null;
  }
};

/** Every file under the data folder with its size: uploads must not leave anything behind. */
const listFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && !/app\.sqlite/.test(f.name))
    .map(
      (f) =>
        `${path.relative(dir, path.join(f.parentPath, f.name))} ${fs.statSync(path.join(f.parentPath, f.name)).size}`,
    )
    .sort();

describe.each(dialects())('hostile input on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let all: Endpoint[];
  let tablesBefore: Record<string, string>;
  let filesBefore: string[];
  const tried = { fields: 0, bodies: 0, uploads: 0 };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // A Manager may call every endpoint, so each request reaches validation and the handler.
    token = await t.login('manager@demo.test');
    all = endpoints(t.app);
    tablesBefore = await tableChecksums(t.db);
    filesBefore = listFiles(t.dataDir);
  });
  afterAll(() => t?.close());

  /** Refusals are 4xx with a message; nothing is ever a 500. */
  const judge = (c: HostileCase, e: Endpoint, res: LightMyRequestResponse): string | null => {
    const where = `${endpointName(e)} ${c.label}: ${res.statusCode} ${res.body.slice(0, 160)}`;
    if (res.statusCode >= 500) return where;
    if (res.statusCode >= 400) {
      const body = parseJson(res.body);
      return [0, 401].includes(body?.status ?? -1) && typeof body?.message === 'string' && body.message ? null : where;
    }
    // Accepted: only a schema-valid request may be, and only a read (the checksums at the end tell).
    return c.schemaValid === false || c.mustRefuse ? where : null;
  };

  it('refuses hostile fields, query parameters and path parameters of every endpoint, never with a 500', async () => {
    const failures: string[] = [];
    for (const e of all) {
      for (const c of [...fieldCases(e), ...resourceListCases(e, t.app.registry)]) {
        const res = await t.call(token, c.request);
        const failure = judge(c, e, res);
        if (failure) failures.push(failure);
        tried.fields++;
      }
    }
    expect(failures).toEqual([]);
    expect(tried.fields).toBeGreaterThan(1500);
    // It walks every endpoint, so it grows with the API: about a minute on MySQL on a busy machine.
  }, 180_000);

  it('refuses bodies that are not JSON objects, wrong content types and oversized bodies on every endpoint', async () => {
    const failures: string[] = [];
    for (const e of all.filter((x) => x.body)) {
      for (const c of bodyCases(e)) {
        const res = await t.call(token, c.request);
        if (res.statusCode < 400 || judge(c, e, res))
          failures.push(`${endpointName(e)} ${c.label}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        tried.bodies++;
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses hostile upload forms and files', async () => {
    const upload = all.find((e) => e.multipart)!;
    const failures: string[] = [];
    for (const c of uploadCases(upload.url)) {
      const res = await t.call(token, c.request);
      if (res.statusCode < 400 || judge(c, upload, res))
        failures.push(`${c.label}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      tried.uploads++;
    }
    expect(failures).toEqual([]);
  });

  it('left every table and every stored file as it was', async () => {
    expect(await tableChecksums(t.db)).toEqual(tablesBefore);
    expect(listFiles(t.dataDir)).toEqual(filesBefore);
    const total = tried.fields + tried.bodies + tried.uploads;
    console.info(
      `hostile input on ${dialect}: ${total} requests (${tried.fields} field/query/path, ${tried.bodies} whole-body, ${tried.uploads} upload)`,
    );
  });
});
