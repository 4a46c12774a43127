import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { followAuthorization } from '../src/auth/headless.js';
import type { HubOAuthOptions } from '../src/auth/login.js';
import { FileOAuthStore, MemoryOAuthStore } from '../src/auth/store.js';
import { runMcpCli } from '../src/cli/mcp-cli.js';
import type { ServerEntry } from '../src/config/schema.js';
import { McpHub } from '../src/registry/hub.js';
import { fixture, freePort, startHttpServer, tempDir } from './helpers.js';

// The callback is never contacted: the test plays the browser and hands its query to the hub.
const REDIRECT = 'http://127.0.0.1:9/callback';
const hubs: McpHub[] = [];
const servers: { stop: () => Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.close()));
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function oauthServer(args: string[] = []) {
  const server = await startHttpServer([fixture('oauth-server.mjs'), ...args]);
  servers.push(server);
  // The server names itself by "localhost"; the resource the client asks for must be that URL.
  const base = `http://localhost:${server.port}`;
  const entry: ServerEntry = {
    name: 'remote',
    transport: 'streamableHttp',
    url: `${base}/mcp`,
    enabled: true,
  };
  const log = async () => (await fetch(`${base}/test/log`)).json();
  return { entry, log };
}

/** `boocode mcp`'s view of the OAuth fixture: a config naming it, a data dir, captured output. */
async function cliAgainstOAuthServer(env: Record<string, string> = {}) {
  const { entry } = await oauthServer();
  const dir = await tempDir('oauth-cli-');
  const config = path.join(dir, 'mcp.json');
  await writeFile(config, JSON.stringify({ mcpServers: { remote: { url: entry.url } } }));
  const out: string[] = [];
  const io = {
    out: (t: string) => out.push(t),
    err: (t: string) => out.push(t),
    env: { DATA_DIR: dir, ...env },
  };
  return { config, out, io };
}

function hubWith(entry: ServerEntry, oauth: Partial<HubOAuthOptions> = {}) {
  const hub = new McpHub([entry], {
    oauth: { store: new MemoryOAuthStore(), redirectUrl: REDIRECT, ...oauth },
  });
  hubs.push(hub);
  return hub;
}

describe('OAuth login to a remote MCP server (SDK auth helpers on loopback)', () => {
  it('is needs-login until a person logs in, then connects and calls as that client', async () => {
    const { entry, log } = await oauthServer();
    const hub = hubWith(entry);
    await hub.start();
    const [before] = hub.status();
    expect(before).toMatchObject({ state: 'needs-login', canLogin: true });
    expect(before?.error).toMatch(/needs a login: run "boocode mcp login remote"/);

    const { authorizationUrl } = await hub.login('remote');
    expect(authorizationUrl).toMatch(/code_challenge_method=S256/);
    // The browser's part: the server approves and redirects back to the host's callback.
    const answer = await followAuthorization(new URL(authorizationUrl ?? ''), REDIRECT);
    const status = await hub.completeLogin(answer);
    expect(status.state).toBe('connected');
    const result = await hub.callTool('remote_whoami', {});
    expect(result).toMatchObject({ error: false, output: expect.stringMatching(/^client [0-9a-f-]{36}$/) });
    expect(await log()).toMatchObject({ registered: 1, authorized: 1, tokens: 1 });
  });

  it('refuses an answer that does not belong to the login in progress', async () => {
    const { entry } = await oauthServer();
    const hub = hubWith(entry);
    await hub.start();
    const { authorizationUrl } = await hub.login('remote');
    const answer = await followAuthorization(new URL(authorizationUrl ?? ''), REDIRECT);
    answer.set('state', 'remote.forged');
    await expect(hub.completeLogin(answer)).rejects.toMatchObject({
      code: 'LOGIN_FAILED',
      message: expect.stringMatching(/state mismatch/),
    });
    answer.set('state', 'nobody.x');
    await expect(hub.completeLogin(answer)).rejects.toThrow(/names no server waiting/);
    expect(hub.status()[0]?.state).toBe('needs-login');
  });

  it('keeps the login in an owner-only file, refreshes before expiry, and revokes on logout', async () => {
    const { entry, log } = await oauthServer(['--expires-in', '61']);
    const file = path.join(await tempDir('oauth-store-'), 'logins.json');
    const first = hubWith(entry, { store: new FileOAuthStore(file), headless: true });
    await first.start();
    expect(first.status()[0]?.state).toBe('connected');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await first.close();

    // A second run starts logged in; its refresh comes a minute before the token would expire.
    const second = hubWith(entry, { store: new FileOAuthStore(file) });
    await second.start();
    expect(second.status()[0]?.state).toBe('connected');
    await first.close();
    await expect.poll(async () => (await log()).refreshed, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
    expect(await second.callTool('remote_whoami', {})).toMatchObject({ error: false });

    const after = await second.logout('remote');
    expect(after.state).toBe('needs-login');
    expect((await log()).revoked).toEqual(['refresh_token', 'access_token']);
    expect((await new FileOAuthStore(file).load('remote'))?.tokens).toBeUndefined();
  });

  it('boocode mcp login --headless logs in; list shows it; logout forgets it', async () => {
    const { config, out, io } = await cliAgainstOAuthServer();
    expect(await runMcpCli(['list', '--config', config], io)).toBe(0);
    expect(out.join('\n')).toMatch(/remote: needs-login .*\n {2}error: needs a login/);
    expect(await runMcpCli(['login', 'remote', '--headless', '--config', config], io)).toBe(0);
    expect(out.at(-1)).toBe('logged in to "remote"; it is connected');
    out.length = 0;
    expect(await runMcpCli(['call', 'remote_whoami', '{}', '--config', config], io)).toBe(0);
    expect(out.join('\n')).toMatch(/^client /);
    expect(await runMcpCli(['logout', 'remote', '--config', config], io)).toBe(0);
    expect(out.at(-1)).toBe('logged out of "remote" (needs-login)');
  });

  it('boocode mcp login prints the URL and finishes when the browser comes back to its loopback callback', async () => {
    const { config, out, io } = await cliAgainstOAuthServer({
      BOOCODE_OAUTH_CALLBACK_PORT: String(await freePort()),
    });
    const done = runMcpCli(['login', 'remote', '--config', config], io);
    await expect.poll(() => out.join('\n'), { timeout: 10_000 }).toMatch(/open this URL/);
    const url = out.join('\n').split('\n').at(-1) ?? '';
    // The browser: follows every redirect, the last one to the CLI's own listener.
    const landed = await fetch(url);
    expect(await landed.text()).toMatch(/BooCode received the login/);
    expect(await done).toBe(0);
    expect(out.at(-1)).toBe('logged in to "remote"; it is connected');
  });
});
