import fp from 'fastify-plugin';
import * as teamService from './service.js';
import { teamMembersRepository } from './resource.js';

declare module 'fastify' {
  interface FastifyInstance {
    teamService: typeof teamService;
  }
}

/** Manage Team (resource `team-members`). */
export default fp(
  async (app) => {
    app.decorate('teamService', teamService);
    app.serveResource('team-members', teamMembersRepository);
  },
  { name: 'team', dependencies: ['resources'] },
);
