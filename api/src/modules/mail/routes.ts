import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PreviewBody,
  RenderedMailAnswer,
  TemplateAnswer,
  TemplateParams,
  TestSendAnswer,
  TestSendBody,
  VersionParams,
  VersionsAnswer,
} from './schemas.js';
import { previewTemplate, restoreVersion, sendTestMail, templateVersions } from './templateService.js';

const templates = { tags: ['mail-templates'] };
const manage = { permission: 'configuration.manage' } as const;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Beside the resource's simple-rest routes: what an Admin does with a template besides saving it.
  app.post(
    '/mail-templates/:id/preview',
    {
      schema: { ...templates, params: TemplateParams, body: PreviewBody, response: { 200: RenderedMailAnswer } },
      config: manage,
    },
    async (request) => previewTemplate(app, request.params.id, request.body),
  );
  app.post(
    '/mail-templates/:id/test',
    {
      schema: { ...templates, params: TemplateParams, body: TestSendBody, response: { 200: TestSendAnswer } },
      config: manage,
    },
    async (request) => sendTestMail(app, request.member, request.params.id, request.body.orderId),
  );
  app.get(
    '/mail-templates/:id/versions',
    { schema: { ...templates, params: TemplateParams, response: { 200: VersionsAnswer } }, config: manage },
    async (request) => templateVersions(app, request.params.id),
  );
  app.post(
    '/mail-templates/:id/versions/:version/restore',
    { schema: { ...templates, params: VersionParams, response: { 200: TemplateAnswer } }, config: manage },
    async (request) => restoreVersion(app, request.member, request.params.id, request.params.version),
  );
};

export default routes;
