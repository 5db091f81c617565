// The reference route: a bare Fastify route answering a small JSON page, no database, no auth.
// Benchmarks print Kora's routes as a ratio of this one too ("ratio to bare"), measured in the
// same run on the same machine; the target ratio is to yardstick-server.mjs (README).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const page = {
  message: 'ok',
  data: Array.from({ length: 10 }, (_, i) => ({ id: i, first_name: 'Ada', last_name: 'Okafor' })),
  meta: { page: 1, per_page: 10, pages: 1, total: 10 },
};
app.get('/bare', async () => page);
await app.listen({ port: Number(process.env.PORT ?? 3901), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
