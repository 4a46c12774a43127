import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** Names a browser may use for this server; anything else is a DNS-rebinding page. */
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A header no cross-site form or `no-cors` fetch can send without a CORS preflight we never grant. */
export const CLIENT_HEADER = 'x-boocode-client';

export interface GuardOptions {
  /** The address BooCode listens on; a specific one is allowed as a host name too. */
  listenHost: string;
  /** ALLOWED_HOSTS: extra host names (with or without a port) people reach BooCode by. */
  allowedHosts: readonly string[];
  /** BOOCODE_PUBLIC_URL: the origin a proxy serves BooCode at; its host and origin are allowed. */
  publicOrigin?: string;
}

function splitHost(value: string): { name: string; port?: string } {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(value.trim().toLowerCase());
  return match ? { name: match[1] ?? '', ...(match[2] ? { port: match[2] } : {}) } : { name: '' };
}

/**
 * Browser-origin defences for a server on loopback: the `Host` header must name this server (the
 * loopback names on the port it listens on, its listen address, or ALLOWED_HOSTS), a
 * state-changing request from a page must come from this server's own origin, and it must be JSON
 * or carry `X-BooCode-Client` — which a cross-site form or `no-cors` fetch cannot send.
 */
export function registerGuard(app: FastifyInstance, options: GuardOptions): void {
  const names = new Set(LOOPBACK);
  if (!['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(options.listenHost))
    names.add(options.listenHost.includes(':') ? `[${options.listenHost}]` : options.listenHost);
  const publicOrigin = options.publicOrigin ? new URL(options.publicOrigin) : undefined;
  const extra = [...options.allowedHosts, ...(publicOrigin ? [publicOrigin.host] : [])].map(splitHost);
  const port = () => {
    const address = app.server.address();
    return typeof address === 'object' && address ? String(address.port) : undefined;
  };
  const hostAllowed = (host: string | undefined) => {
    if (!host) return false;
    const { name, port: given } = splitHost(host);
    if (extra.some((h) => h.name === name && (!h.port || h.port === given))) return true;
    const listening = port();
    return names.has(name) && (!listening || !given || given === listening);
  };

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const host = request.headers.host;
    if (!hostAllowed(host)) {
      throw new AppError(
        'FORBIDDEN_HOST',
        `requests for host "${host ?? ''}" are refused; BooCode answers to ${[...names].join(', ')}. Reached by another name? Add it to ALLOWED_HOSTS`,
      );
    }
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    // A proxy that rewrites Host still passes the browser's Origin: the public one is ours too.
    const ours = origin !== undefined && (sameOrigin(origin, host) || origin === publicOrigin?.origin);
    if (origin !== undefined && !ours) {
      throw new AppError('FORBIDDEN_ORIGIN', `cross-origin ${request.method} from ${origin} refused`);
    }
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw new AppError('FORBIDDEN_ORIGIN', `cross-site ${request.method} refused`);
    const type = request.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type) && request.headers[CLIENT_HEADER] === undefined) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `${request.method} needs Content-Type: application/json (or, without a body, the header X-BooCode-Client)`,
      );
    }
  });
}

function sameOrigin(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host.toLowerCase() === host?.toLowerCase();
  } catch {
    return false;
  }
}
