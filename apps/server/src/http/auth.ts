import { bearerToken, secretMatches } from '@boocode/mcp-server-kit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/** The one route an EventSource may authenticate by query string (it cannot set headers). */
const EVENTS_ROUTE = '/api/sessions/:id/events';

/**
 * With BOOCODE_TOKEN set, every route under `/api/` needs `Authorization: Bearer <token>`. The
 * decision is made on the route the router matched (decoded and normalised, so `/%61pi/…` is
 * `/api/…`), never on the raw URL. Only the event stream may pass `?access_token=` instead.
 */
export function registerAuth(app: FastifyInstance, token: string | undefined): void {
  if (!token) return;
  const expected = Buffer.from(token);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    // No matched route: the 404 handler answers, and it reads nothing.
    if (route === undefined || !route.startsWith('/api/')) return;
    const bearer = bearerToken(request.headers.authorization);
    const query =
      route === EVENTS_ROUTE && request.method === 'GET'
        ? (request.query as { access_token?: unknown }).access_token
        : undefined;
    if (!secretMatches(bearer, expected) && !secretMatches(query, expected)) {
      throw new AppError(
        'UNAUTHORIZED',
        'this BooCode needs a token: send Authorization: Bearer <BOOCODE_TOKEN>',
      );
    }
  });
}
