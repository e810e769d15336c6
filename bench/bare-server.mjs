// The start-up baseline: a bare Fastify answering /api/health with one SQLite round trip, the
// least a Node HTTP + SQLite process costs. Plain JavaScript, so nothing is compiled at start.
// Usage: PORT=… DATA_DIR=… node bench/bare-server.mjs
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const database = new Database(path.join(process.env.DATA_DIR ?? '.', 'moa.sqlite'));
database.pragma('journal_mode = WAL');
const ping = database.prepare('select 1 as ok');
const app = Fastify();
app.get('/api/health', async () => ({ status: ping.get().ok === 1 ? 'ok' : 'down' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
