import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this process is draining (SIGTERM came): readiness fails, requests are still served. */
    drain: { readonly isDraining: boolean; begin: () => void };
  }
}

/**
 * The first half of a graceful stop (server/main.ts does the rest): once draining begins,
 * readiness answers 503 so a load balancer takes this process out of rotation, and every
 * answer closes its connection, so a client that keeps connections open (a proxy's pool)
 * opens its next one to a process that stays.
 */
async function drainPlugin(app: FastifyInstance): Promise<void> {
  let isDraining = false;
  app.decorate('drain', {
    get isDraining() {
      return isDraining;
    },
    begin() {
      isDraining = true;
    },
  });
}

export default fp(drainPlugin, { name: 'drain' });
