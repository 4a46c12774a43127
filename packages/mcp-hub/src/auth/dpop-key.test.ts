import { describe, expect, it } from 'vitest';
import { HubOAuthProvider } from './provider.js';
import type { OAuthRecord, OAuthStore } from './store.js';

/** A store in memory, standing for BooCode's database between two runs. */
function memoryStore(): OAuthStore & { kept: Map<string, OAuthRecord> } {
  const kept = new Map<string, OAuthRecord>();
  return {
    kept,
    load: async (server) => kept.get(server),
    save: async (server, record) => {
      if (record) kept.set(server, structuredClone(record));
      else kept.delete(server);
    },
  };
}

const provider = (store: OAuthStore, dpop?: boolean) =>
  new HubOAuthProvider({
    server: 'remote',
    url: 'https://mcp.example.com/mcp',
    store,
    redirectUrl: () => 'http://127.0.0.1:3000/oauth/callback',
    clientName: 'BooCode',
    ...(dpop === undefined ? {} : { settings: { dpop } }),
  });

describe('DPoP keys (oauth.dpop)', () => {
  it('are off unless asked for', () => {
    expect(provider(memoryStore()).dpop()).toBeUndefined();
    expect(provider(memoryStore(), false).dpop()).toBeUndefined();
  });

  it('keep one key per login across runs, so tokens bound to it stay usable', async () => {
    const store = memoryStore();
    const first = await provider(store, true).dpop();
    expect(store.kept.get('remote')?.dpopKey?.privateJwk).toMatchObject({ kty: 'EC', crv: 'P-256' });
    const again = await provider(store, true).dpop();
    expect(again?.thumbprint).toBe(first?.thumbprint);
    // A proof from the restored key carries the same public key.
    const proof = await again?.buildProof({ htm: 'POST', htu: 'https://as.example.com/token' });
    const header = JSON.parse(Buffer.from(proof?.split('.')[0] ?? '', 'base64url').toString());
    expect(header).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256', jwk: first?.publicJwk });
  });

  it('are forgotten with the login', async () => {
    const store = memoryStore();
    const login = provider(store, true);
    const before = await login.dpop();
    await login.forget();
    expect(store.kept.has('remote')).toBe(false);
    expect((await login.dpop())?.thumbprint).not.toBe(before?.thumbprint);
  });
});
