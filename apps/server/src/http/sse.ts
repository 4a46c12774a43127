import type { TurnEvent } from '@boocode/api-types';
import type { FastifyReply } from 'fastify';

const HEARTBEAT_MS = 15_000;

interface Stream {
  /** Writes one event: its data as one line of JSON (with a `type`), after an `id:` line if given. */
  write: (data: { type: string; [key: string]: unknown }, id?: string) => void;
  end: () => void;
  onClose: (fn: () => void) => void;
}

/** Takes over the response as a `text/event-stream`, with a heartbeat comment every 15 s. */
export function openStream(reply: FastifyReply): Stream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write(': connected\n\n');
  const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
  let ended = false;
  const closers: (() => void)[] = [];
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    for (const fn of closers) fn();
    raw.end();
  };
  raw.on('close', end);
  return {
    write(data, id) {
      if (!ended) raw.write(`${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
    },
    end,
    onClose(fn) {
      closers.push(fn);
    },
  };
}

/**
 * A session's turn events. Each is `id: <turnId>:<seq>` and one `data:` line of JSON with `type`,
 * so `Last-Event-ID` can resume exactly where a client left off.
 */
export function openEventStream(
  reply: FastifyReply,
): Omit<Stream, 'write'> & { send: (event: TurnEvent) => void } {
  const stream = openStream(reply);
  return { ...stream, send: (event) => stream.write(event, `${event.turnId}:${event.seq}`) };
}

/** Whether the client asked for a stream (`Accept: text/event-stream`) rather than one JSON answer. */
export const wantsEventStream = (accept: string | string[] | undefined): boolean =>
  String(accept ?? '').includes('text/event-stream');
