import http from 'node:http';
import path from 'node:path';
import type { HubOAuthOptions } from '../auth/login.js';
import { FileOAuthStore } from '../auth/store.js';
import { dataDir } from '../config/load.js';
import { describeError } from '../errors.js';
import type { McpHub } from '../registry/hub.js';

interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
}

export const LOGIN_COMMANDS = ['login', 'logout'] as const;
export type LoginCommand = (typeof LOGIN_COMMANDS)[number];

export const LOGIN_USAGE = `  boocode mcp login SERVER [--headless]                          log in to a remote server (OAuth)
  boocode mcp logout SERVER                                       revoke and forget that login`;

/** The command line's fixed callback: a registered client's redirect URI must not change between runs. */
const DEFAULT_CALLBACK_PORT = 33418;
/** How long `mcp login` waits for the browser to come back. */
const LOGIN_WAIT_MS = 5 * 60_000;

/**
 * Where `boocode mcp` keeps logins (`BOOCODE_OAUTH_FILE`, else DATA_DIR/mcp-oauth.json, owner-only)
 * and where the browser comes back to (`BOOCODE_OAUTH_CALLBACK_PORT` on 127.0.0.1).
 */
export function cliOAuthOptions(env: NodeJS.ProcessEnv, headless: boolean): HubOAuthOptions {
  const file = env.BOOCODE_OAUTH_FILE || path.join(dataDir(env), 'mcp-oauth.json');
  return {
    store: new FileOAuthStore(path.resolve(file)),
    redirectUrl: `http://127.0.0.1:${callbackPort(env)}/callback`,
    clientName: 'BooCode (boocode mcp)',
    headless,
  };
}

function callbackPort(env: NodeJS.ProcessEnv): number {
  const port = Number(env.BOOCODE_OAUTH_CALLBACK_PORT);
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : DEFAULT_CALLBACK_PORT;
}

/** `mcp login` / `mcp logout` against a started hub; returns the exit code. */
export async function runLoginCommand(
  hub: McpHub,
  command: LoginCommand,
  rest: string[],
  io: Io,
  headless: boolean,
): Promise<number> {
  const [server] = rest;
  if (!server) {
    io.err(`mcp ${command} needs a server name`);
    return 2;
  }
  try {
    if (command === 'logout') {
      const status = await hub.logout(server);
      io.out(`logged out of "${server}" (${status.state})`);
      return 0;
    }
    // Stored tokens, or --headless at start-up, may have logged in already.
    const current = hub.status().find((s) => s.name === server);
    if (current?.state === 'connected') return report(server, current.state, undefined, io);
    if (headless) {
      const { status } = await hub.login(server);
      return report(server, status.state, status.error, io);
    }
    const callback = await listenForCallback(callbackPort(io.env));
    try {
      const { authorizationUrl, status } = await hub.login(server);
      if (!authorizationUrl) return report(server, status.state, status.error, io);
      io.out(
        `open this URL to log in to "${server}" (waiting ${LOGIN_WAIT_MS / 60_000} min):\n${authorizationUrl}`,
      );
      const after = await hub.completeLogin(await callback.answer);
      return report(server, after.state, after.error, io);
    } finally {
      callback.close();
    }
  } catch (error) {
    io.err(`boocode mcp ${command}: ${describeError(error)}`);
    return 1;
  }
}

function report(server: string, state: string, error: string | undefined, io: Io): number {
  if (state === 'connected') {
    io.out(`logged in to "${server}"; it is connected`);
    return 0;
  }
  io.err(`"${server}" is ${state}${error ? `: ${error}` : ''}`);
  return 1;
}

/** A one-shot loopback listener for the authorization server's redirect. */
async function listenForCallback(
  port: number,
): Promise<{ answer: Promise<URLSearchParams>; close: () => void }> {
  let resolve!: (params: URLSearchParams) => void;
  let reject!: (error: Error) => void;
  const answer = new Promise<URLSearchParams>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  answer.catch(() => {});
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('BooCode received the login; you can close this tab.\n');
    resolve(url.searchParams);
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', (error) =>
      fail(
        new Error(
          `cannot listen for the login on 127.0.0.1:${port} (${describeError(error)}); set BOOCODE_OAUTH_CALLBACK_PORT to a free port`,
        ),
      ),
    );
    server.listen(port, '127.0.0.1', ok);
  });
  const timer = setTimeout(() => reject(new Error('no login came back within 5 minutes')), LOGIN_WAIT_MS);
  return {
    answer,
    close: () => {
      clearTimeout(timer);
      server.close();
      server.closeAllConnections();
    },
  };
}
