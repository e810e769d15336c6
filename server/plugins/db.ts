import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DbHandle, Engine } from '../db/client';
import type { Database } from '../db/types';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbEngine: Engine;
  }
}

/** Puts the database on the app; closes it last when the app closes. */
async function dbPlugin(app: FastifyInstance, options: { handle: DbHandle; closeOnExit: boolean }): Promise<void> {
  app.decorate('db', options.handle.db);
  app.decorate('dbEngine', options.handle.engine);
  if (options.closeOnExit) app.addHook('onClose', async () => options.handle.close());
}

export default fp(dbPlugin, { name: 'db' });
