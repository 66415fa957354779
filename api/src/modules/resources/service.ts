/** What other modules use of the generic resource handler: reading a list query string as GET /api/<name> does. */
export { listQueryOf } from './routes.js';
