import type { RouteOptions } from 'fastify';
import type { Knex } from 'knex';
import type { Permission, Registry, Role } from '@app/domain';
import type { AppConfig } from './config.js';
import type { Storage } from './storage/index.js';
import type { Clock } from './core/clock.js';

/** The signed-in staff member, as the auth plugin attaches it to each request. */
export interface Member {
  id: number;
  name: string;
  email: string;
  type: Role;
}

/** What a token carries (a user object with name and type). */
export interface TokenPayload {
  user: { id: number; name: string; type: Role };
  /** token_version of the member when signed in; a password change bumps it. */
  tv: number;
  /** The token's own id; live streams opened with it end with its session. */
  jti: string;
  /** The session (sessions.id) this token belongs to: ending the session refuses the token. */
  sid: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** Now, as every time-dependent rule reads it (core/clock.ts). */
    clock: Clock;
    /**
     * The resources served at /api/<name> and described to the admin by GET /api/admin/registry: the code's
     * with the Admins' configuration applied. The same object until the configuration changes.
     */
    readonly registry: Registry;
    /** The code's registry (buildApp's `registry`, a fixture in tests), before any configuration. */
    baseRegistry: Registry;
    db: Knex;
    storage: Storage;
    /** Every route as registered, in order (see app.ts). */
    routeTable: readonly RouteOptions[];
  }
  interface FastifyRequest {
    member: Member;
    /** The session of the request's token (sessions.id). */
    sessionId: number;
  }
  interface FastifyContextConfig {
    /** Open to anyone: no token needed. */
    public?: boolean;
    /** Role permission needed, checked after the token (docs/product.md#roles-and-permissions). */
    permission?: Permission;
    /** Needs a password or second-factor check within the step-up window (else 401 with `reauth: true`). */
    stepUp?: boolean;
    /** Open to a session that may only enrol a second factor. */
    enrolment?: boolean;
    /** Not a sign of the member's activity: does not keep an idle session. */
    passive?: boolean;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}
