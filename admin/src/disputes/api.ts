import { apiUrl, httpClient, withToken, refusal } from '../providers/httpClient';

/** A desk endpoint that answers plain JSON (not the SPEC envelope). */
export const deskJson = async <T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> =>
  (
    await httpClient(apiUrl(path), {
      method: init.method,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    })
  ).json as T;

/** Adds an evidence item: a text, a file, or both, as a multipart form. */
export async function addEvidence(disputeId: number, item: string, text: string, file: File | null) {
  const form = new FormData();
  form.append('item', item);
  if (text) form.append('text', text);
  if (file) form.append('file', file, file.name);
  const response = await fetch(apiUrl(`disputes/${disputeId}/evidence-items`), {
    method: 'POST',
    headers: withToken(),
    body: form,
  });
  if (!response.ok) throw refusal(response.status, await response.json().catch(() => null));
}

/** Saves an API answer (the evidence JSON, a file) under a name, as a download. */
export async function downloadFrom(path: string, name: string) {
  const response = await fetch(apiUrl(path), { headers: withToken() });
  if (!response.ok) throw refusal(response.status, await response.json().catch(() => null));
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}
