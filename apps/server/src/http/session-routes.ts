import type { SessionDetail } from '@boocode/api-types';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Store } from '../db/store.js';
import { AppError } from '../errors.js';
import type { TurnManager } from '../inference/turns.js';
import { parseInput } from './parse.js';
import { openEventStream, wantsEventStream } from './sse.js';

export interface SessionRouteDeps {
  store: Store;
  turns: TurnManager;
}

const SessionParams = z.object({ id: z.string().min(1) });
const CreateSession = z.object({ agent: z.string().min(1).nullish() }).strict();
const PostMessage = z
  .object({ content: z.string().trim().min(1, 'must not be empty').max(200_000) })
  .strict();

/** Chat sessions: create, list, read, delete, post a message (202 or a stream of its turn), events, cancel. */
export function registerSessionRoutes(app: FastifyInstance, { store, turns }: SessionRouteDeps): void {
  const requireSession = (id: string) => {
    const session = store.getSession(id);
    if (!session) throw new AppError('NOT_FOUND', `no session ${id}`);
    return session;
  };

  app.post('/api/sessions', async (request, reply) => {
    const body = parseInput(CreateSession, request.body, 'body');
    const agent = body.agent ? turns.resolveAgent(body.agent) : undefined;
    reply.code(201);
    return store.createSession(agent?.name ?? null);
  });

  app.get('/api/sessions', async () => ({ sessions: store.listSessions() }));

  app.get('/api/sessions/:id', async (request) => {
    const { id } = parseInput(SessionParams, request.params, 'path');
    const session = requireSession(id);
    const detail: SessionDetail = {
      ...session,
      messages: store.messages(id),
      turns: store.turnsOf(id),
      runningTurnId: turns.running(id)?.id ?? null,
    };
    return detail;
  });

  app.delete('/api/sessions/:id', async (request, reply) => {
    const { id } = parseInput(SessionParams, request.params, 'path');
    requireSession(id);
    turns.forget(id);
    store.deleteSession(id);
    reply.code(204);
  });

  app.post('/api/sessions/:id/messages', async (request, reply) => {
    const { id } = parseInput(SessionParams, request.params, 'path');
    const { content } = parseInput(PostMessage, request.body, 'body');
    const started = turns.start(id, content);
    if (!wantsEventStream(request.headers.accept)) {
      reply.code(202);
      return started;
    }
    // Streams this turn only; closing the stream leaves the turn running.
    const stream = openEventStream(reply);
    const { replay, unsubscribe } = turns.subscribe(id, (event) => {
      if (event.turnId !== started.turnId) return;
      stream.send(event);
      if (event.type === 'done') stream.end();
    });
    stream.onClose(unsubscribe);
    for (const event of replay) {
      if (event.turnId !== started.turnId) continue;
      stream.send(event);
      if (event.type === 'done') stream.end();
    }
    return reply;
  });

  app.get('/api/sessions/:id/events', async (request, reply) => {
    const { id } = parseInput(SessionParams, request.params, 'path');
    requireSession(id);
    const lastEventId =
      (request.headers['last-event-id'] as string | undefined) ??
      (request.query as { lastEventId?: string }).lastEventId;
    const stream = openEventStream(reply);
    const { replay, unsubscribe } = turns.subscribe(id, (event) => stream.send(event), lastEventId);
    stream.onClose(unsubscribe);
    for (const event of replay) stream.send(event);
    return reply;
  });

  app.post('/api/sessions/:id/cancel', async (request) => {
    const { id } = parseInput(SessionParams, request.params, 'path');
    requireSession(id);
    return { cancelled: turns.cancel(id) };
  });
}
