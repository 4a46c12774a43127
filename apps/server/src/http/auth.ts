import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/**
 * With BOOCODE_TOKEN set, every `/api` call needs `Authorization: Bearer <token>`. EventSource
 * cannot set headers, so event streams may pass `?access_token=` instead.
 */
export function registerAuth(app: FastifyInstance, token: string | undefined): void {
  if (!token) return;
  const expected = Buffer.from(token);
  const matches = (given: string | undefined) => {
    if (!given) return false;
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const query = request.url.includes('/events')
      ? (request.query as { access_token?: string }).access_token
      : undefined;
    if (!matches(bearer) && !matches(query)) {
      throw new AppError(
        'UNAUTHORIZED',
        'this BooCode needs a token: send Authorization: Bearer <BOOCODE_TOKEN>',
      );
    }
  });
}
