import { vi } from 'vitest';

export interface FetchCall {
  url: string;
  method: string;
  body: unknown;
  authorization: string | null;
}

export interface StubAnswer {
  status?: number;
  body: object | string;
  headers?: Record<string, string>;
}

/** Stubs fetch with one answer per call (the last one repeats) and records what was asked. */
export function stubApi(...answers: StubAnswer[]): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        authorization: new Headers(init.headers).get('Authorization'),
      });
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
      const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      return new Response(body, { status: answer.status ?? 200, headers: answer.headers });
    }),
  );
  return calls;
}
