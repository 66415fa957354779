import { apiUrl, httpClient } from '../providers/httpClient';

/** A template rendered on an order (POST /api/mail-templates/{id}/preview). */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface TemplateVersion {
  version: number;
  subject: string;
  body: string;
  created_at: string;
  created_by: string | null;
}

const post = async <T>(path: string, json: unknown = {}) =>
  (await httpClient(apiUrl(path), { method: 'POST', body: JSON.stringify(json) })).json as T;

/** What an Admin does with a template besides saving it: beside the resource's simple-rest calls. */
export const mailTemplateCalls = {
  preview: (id: number, draft: { orderId: number; subject?: string; body?: string }) =>
    post<RenderedMail>(`mail-templates/${id}/preview`, draft),
  sendTest: (id: number, orderId: number) => post<{ to: string }>(`mail-templates/${id}/test`, { orderId }),
  versions: async (id: number) => (await httpClient(apiUrl(`mail-templates/${id}/versions`))).json as TemplateVersion[],
  restore: (id: number, version: number) =>
    post<{ version: number }>(`mail-templates/${id}/versions/${version}/restore`),
};
