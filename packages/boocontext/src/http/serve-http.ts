import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { bearerToken, secretMatches } from '@boocode/mcp-server-kit';
import { hostHeaderValidation, originValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, type McpServer } from '@modelcontextprotocol/server';
import { ConfigError } from '../errors.js';

export interface HttpLimits {
  /** Largest request body read, in bytes. */
  maxBodyBytes: number;
  /** Requests served at once, over all clients; past it a request is answered 503 at once. */
  maxConcurrent: number;
  /** A client must have sent its headers within this, and its whole request within `requestMs`. */
  headersMs: number;
  requestMs: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  maxBodyBytes: 1024 * 1024,
  maxConcurrent: 64,
  headersMs: 10_000,
  requestMs: 30_000,
};

export interface HttpServeOptions {
  host: string;
  port: number;
  /** BOOCONTEXT_TOKEN: every request must carry `Authorization: Bearer <token>`. */
  token?: string;
  /** BOOCONTEXT_ALLOWED_HOSTS: names (beyond loopback, the listen address and this machine's name) clients use. */
  allowedHosts?: readonly string[];
  limits?: Partial<HttpLimits>;
  log?: (line: string) => void;
}

export interface HttpServing {
  url: string;
  close(): Promise<void>;
}

/** Loopback host names as a Host header carries them. */
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD = ['0.0.0.0', '::', ''];

export const isLoopbackHost = (host: string) => host === '::1' || LOOPBACK.includes(host);

/**
 * boocontext over Streamable HTTP at `/mcp`: one process, so one index per repository, for every
 * client. Each request gets a fresh server instance from `newServer` (the SDK's per-request model,
 * 2026-07-28 with the stateless 2025 fallback) over state the caller shares between them.
 *
 * Safe by default: loopback unless told otherwise, and off loopback only with a token; a Host or
 * browser Origin that is not this server's is refused (DNS rebinding), as is a request without the
 * token when there is one. Bodies, header and body time, and requests at once are bounded.
 */
export async function serveHttp(newServer: () => McpServer, options: HttpServeOptions): Promise<HttpServing> {
  if (!isLoopbackHost(options.host) && !options.token)
    throw new ConfigError(
      `refusing to serve on ${options.host || 'every interface'} without a token: anyone who reaches it could read the code. Set BOOCONTEXT_TOKEN (clients send Authorization: Bearer <token>), or serve on 127.0.0.1`,
    );
  const limits = { ...DEFAULT_HTTP_LIMITS, ...options.limits };
  const names = allowedHostnames(options.host, options.allowedHosts ?? []);
  const hostAllowed = hostHeaderValidation(names);
  const originAllowed = originValidation(names);
  const handler = createMcpHandler(() => newServer(), {
    legacy: 'stateless',
    maxRequestBodySize: limits.maxBodyBytes,
    onerror: (error) => options.log?.(`boocontext http: ${error.message}`),
  });
  const mcp = toNodeHandler(handler, {
    maxRequestBodySize: limits.maxBodyBytes,
    onerror: (error) => options.log?.(`boocontext http: ${error.message}`),
  });
  const expected = options.token ? Buffer.from(options.token) : undefined;
  let inFlight = 0;

  const server = http.createServer((req, res) => {
    if (!hostAllowed(req, res) || !originAllowed(req, res)) return;
    const route = new URL(req.url ?? '/', 'http://boocontext').pathname;
    if (route !== '/mcp') return refuse(res, 404, `no route ${route}: the MCP endpoint is /mcp`);
    if (expected && !secretMatches(bearerToken(req.headers.authorization), expected)) {
      res.setHeader('www-authenticate', 'Bearer realm="boocontext"');
      return refuse(res, 401, 'this boocontext needs a token: send Authorization: Bearer <BOOCONTEXT_TOKEN>');
    }
    if (inFlight >= limits.maxConcurrent) {
      res.setHeader('retry-after', '1');
      return refuse(res, 503, `busy: ${limits.maxConcurrent} requests are being served; try again shortly`);
    }
    inFlight++;
    let counted = true;
    const done = () => {
      if (counted) inFlight--;
      counted = false;
    };
    res.on('close', done);
    mcp(req, res).catch((error: Error) => {
      options.log?.(`boocontext http: ${error.message}`);
      if (!res.headersSent) refuse(res, 500, 'internal error');
    });
  });
  server.headersTimeout = limits.headersMs;
  server.requestTimeout = limits.requestMs;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}/mcp`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handler.close();
    },
  };
}

/** Host names a request may name: loopback, the listen address, this machine, and the configured ones. */
function allowedHostnames(listenHost: string, extra: readonly string[]): string[] {
  const names = new Set(LOOPBACK);
  if (!WILDCARD.includes(listenHost)) names.add(listenHost.includes(':') ? `[${listenHost}]` : listenHost);
  else names.add(os.hostname().toLowerCase());
  for (const name of extra) names.add(name.trim().toLowerCase().replace(/:\d+$/, ''));
  return [...names].filter(Boolean);
}

function refuse(res: http.ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
