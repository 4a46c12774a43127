import type { FastifyReply } from 'fastify';
import type { TurnEvent } from '../inference/events.js';

const HEARTBEAT_MS = 15_000;

/**
 * Takes over the response as a `text/event-stream`. Each event is `id: <turnId>:<seq>` and one
 * `data:` line of JSON with `type`, so `Last-Event-ID` can resume exactly where a client left off.
 */
export function openEventStream(reply: FastifyReply): {
  send: (event: TurnEvent) => void;
  end: () => void;
  onClose: (fn: () => void) => void;
} {
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
    send(event) {
      if (!ended) raw.write(`id: ${event.turnId}:${event.seq}\ndata: ${JSON.stringify(event)}\n\n`);
    },
    end,
    onClose(fn) {
      closers.push(fn);
    },
  };
}
