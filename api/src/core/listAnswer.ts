import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { badRequest } from '../http.js';

/** Lists of a few records in ra-data-simple-rest's conventions (the configuration's, automation's). */

type Json = Record<string, unknown>;

/** The query of such a list, as readJsonParams leaves it for the schema to check. */
export const ListQuery = Type.Object({
  sort: Type.Optional(
    Type.Array(Type.String({ maxLength: 40 }), { minItems: 2, maxItems: 2, errorMessage: 'sort is [field, order].' }),
  ),
  range: Type.Optional(
    Type.Array(Type.Integer({ minimum: 0, maximum: 1_000_000 }), {
      minItems: 2,
      maxItems: 2,
      errorMessage: 'range is [start, end].',
    }),
  ),
  filter: Type.Optional(Type.Object({}, { additionalProperties: true, errorMessage: 'filter is an object.' })),
});

type ListRecord = { id: string | number } & object;
export interface ListParams {
  sort?: [string, string];
  range?: [number, number];
  filter?: Json;
}

/** ra-data-simple-rest sends sort, range and filter as JSON: read before the schema checks them. */
export async function readJsonParams(request: { query: unknown }) {
  const query = { ...(request.query as Json) };
  for (const name of ['sort', 'range', 'filter']) {
    if (query[name] === undefined || query[name] === '') delete query[name];
    else
      try {
        query[name] = JSON.parse(String(query[name]));
      } catch {
        throw badRequest(`${name} must be JSON.`);
      }
  }
  request.query = query;
}

/**
 * A list of a few records held in memory, in ra-data-simple-rest's conventions: filtered (a list of
 * ids is getMany), sorted, cut to the range, with its Content-Range.
 */
export function answerList<T extends ListRecord>(
  reply: FastifyReply,
  resource: string,
  records: T[],
  params: ListParams,
) {
  const { id, ...equal } = params.filter ?? {};
  const ids = id === undefined ? null : new Set([id].flat());
  const read = (r: T, key: string) => (r as unknown as Json)[key];
  const kept = records.filter(
    (r) => (!ids || ids.has(r.id)) && Object.entries(equal).every(([key, value]) => read(r, key) === value),
  );
  const [by, order] = params.sort ?? ['position', 'ASC'];
  const key = (r: T) => (by === 'label' ? String(read(r, 'label') ?? r.id) : (read(r, by) as string | number));
  const direction = order.toUpperCase() === 'DESC' ? -1 : 1;
  kept.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return (x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1) * direction;
  });
  const [start, end] = params.range ?? [0, Math.max(kept.length - 1, 0)];
  if (end < start) throw badRequest('range must be [start, end], whole numbers with start <= end.');
  const page = kept.slice(start, end + 1);
  const last = page.length ? start + page.length - 1 : start;
  void reply.header('Content-Range', `${resource} ${start}-${last}/${kept.length}`);
  return page;
}
