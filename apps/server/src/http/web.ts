import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Serves the built page at `/` when it is there; the API works without it. */
export async function registerWeb(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  if (!webRoot || !existsSync(path.join(webRoot, 'index.html'))) {
    app.get('/', async () => ({
      name: 'BooCode',
      message: 'the web page is not built; run npm install at the repository root. The API is under /api.',
    }));
    return;
  }
  const { default: fastifyStatic } = await import('@fastify/static');
  await app.register(fastifyStatic, { root: webRoot, index: ['index.html'], wildcard: false });
  const indexHtml = await readFile(path.join(webRoot, 'index.html'));
  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply
        .code(404)
        .send({ error: { code: 'NOT_FOUND', message: `no route ${request.method} ${request.url}` } });
    }
    return reply.type('text/html').send(indexHtml);
  });
}
