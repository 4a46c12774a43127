import { describe, expect, it } from 'vitest';
import { addressClass, guardedFetch } from './guarded-fetch.js';

describe('addressClass', () => {
  it.each([
    ['169.254.169.254', 'metadata'],
    ['169.254.0.1', 'metadata'],
    ['fe80::1', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['0.0.0.0', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['172.32.0.1', 'public'],
    ['93.184.216.34', 'public'],
    ['2606:4700::1111', 'public'],
  ])('%s is %s', (address, kind) => expect(addressClass(address)).toBe(kind));
});

/** A resolver from a table, and a fetch that records where it was sent and answers from a table. */
function world(names: Record<string, string[]>, answers: Record<string, Response | (() => Response)> = {}) {
  const sent: string[] = [];
  const lookup = async (host: string) => {
    const found = names[host];
    if (!found) throw new Error(`ENOTFOUND ${host}`);
    return found;
  };
  const fetch = (async (input: string | URL | Request) => {
    const url = String(input instanceof Request ? input.url : input);
    sent.push(url);
    const answer = answers[url];
    return typeof answer === 'function' ? answer() : (answer ?? new Response('ok'));
  }) as typeof globalThis.fetch;
  return { sent, lookup, fetch };
}

const redirect =
  (to: string, status = 302) =>
  () =>
    new Response(null, { status, headers: { location: to } });

describe('guardedFetch', () => {
  const names = {
    'mcp.example.com': ['93.184.216.34'],
    'auth.example.com': ['93.184.216.35'],
    'metadata.evil.test': ['169.254.169.254'],
    'intranet.evil.test': ['10.0.0.7'],
    'rebind.evil.test': ['93.184.216.36', '127.0.0.1'],
    'mcp.corp': ['10.0.0.5'],
    'auth.corp': ['10.0.0.6'],
    localhost: ['127.0.0.1', '::1'],
  };

  it('lets a public server steer discovery to public https addresses', async () => {
    const w = world(names);
    const guarded = guardedFetch(new URL('https://mcp.example.com/mcp'), w);
    await expect(
      guarded('https://auth.example.com/.well-known/oauth-authorization-server'),
    ).resolves.toBeInstanceOf(Response);
    expect(w.sent).toEqual(['https://auth.example.com/.well-known/oauth-authorization-server']);
  });

  it('never sends anything to a metadata address, whatever the server', async () => {
    for (const server of [
      'https://mcp.example.com/mcp',
      'http://localhost:3000/mcp',
      'https://mcp.corp/mcp',
    ]) {
      const w = world(names);
      const guarded = guardedFetch(new URL(server), w);
      await expect(guarded('https://metadata.evil.test/latest/meta-data')).rejects.toThrow(/cloud-metadata/);
      await expect(guarded('http://169.254.169.254/latest/meta-data')).rejects.toThrow(/cloud-metadata/);
      await expect(guarded('http://[fd00:ec2::254]/')).rejects.toThrow(/cloud-metadata/);
      expect(w.sent).toEqual([]);
    }
  });

  it('refuses loopback and private addresses unless the MCP server is in that class', async () => {
    const w = world(names);
    const publicServer = guardedFetch(new URL('https://mcp.example.com/mcp'), w);
    await expect(publicServer('https://intranet.evil.test/token')).rejects.toThrow(/a private address/);
    await expect(publicServer('https://localhost/token')).rejects.toThrow(/a loopback address/);
    // A name with one public and one loopback address is judged by its worst.
    await expect(publicServer('https://rebind.evil.test/token')).rejects.toThrow(/a loopback address/);
    expect(w.sent).toEqual([]);

    const corp = guardedFetch(new URL('https://mcp.corp/mcp'), w);
    await expect(corp('https://auth.corp/token')).resolves.toBeInstanceOf(Response);
    await expect(corp('https://localhost/token')).rejects.toThrow(/a loopback address/);

    const local = guardedFetch(new URL('http://localhost:3000/mcp'), w);
    await expect(local('http://127.0.0.1:4000/authorize')).resolves.toBeInstanceOf(Response);
  });

  it('refuses plain http off loopback, but leaves the configured server’s own origin alone', async () => {
    const w = world(names);
    const corp = guardedFetch(new URL('http://mcp.corp:8080/mcp'), w);
    await expect(corp('http://auth.corp/token')).rejects.toThrow(/not https/);
    await expect(corp('http://mcp.corp:8080/.well-known/oauth-protected-resource')).resolves.toBeInstanceOf(
      Response,
    );
  });

  it('checks every redirect hop the same way', async () => {
    const w = world(names, {
      'https://auth.example.com/.well-known/openid-configuration': redirect('https://metadata.evil.test/x'),
      'https://auth.example.com/a': redirect('https://auth.example.com/b', 307),
    });
    const guarded = guardedFetch(new URL('https://mcp.example.com/mcp'), w);
    await expect(guarded('https://auth.example.com/.well-known/openid-configuration')).rejects.toThrow(
      /refused to fetch https:\/\/metadata\.evil\.test\/x/,
    );
    const followed = await guarded('https://auth.example.com/a');
    expect(await followed.text()).toBe('ok');
    expect(w.sent).toEqual([
      'https://auth.example.com/.well-known/openid-configuration',
      'https://auth.example.com/a',
      'https://auth.example.com/b',
    ]);
  });

  it('hands a redirect back untouched to a caller that follows redirects itself', async () => {
    const w = world(names, { 'https://auth.example.com/authorize': redirect('https://metadata.evil.test/') });
    const guarded = guardedFetch(new URL('https://mcp.example.com/mcp'), w);
    const response = await guarded('https://auth.example.com/authorize', { redirect: 'manual' });
    expect(response.status).toBe(302);
  });
});
