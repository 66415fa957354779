import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SearchQuery, SearchResponse } from './schemas.js';
import { searchEverywhere } from './service.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        querystring: SearchQuery,
        response: SearchResponse,
        description: 'Search everywhere: orders, team members and screens, as the role may read them.',
      },
      config: { permission: 'orders.read' },
    },
    async (request) => ({
      status: 1,
      message: 'Results.',
      data: await searchEverywhere(app, request.member, request.query.q),
    }),
  );
};

export default routes;
