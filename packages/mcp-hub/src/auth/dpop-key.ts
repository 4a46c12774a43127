import { createHash, webcrypto } from 'node:crypto';

type JsonWebKey = webcrypto.JsonWebKey;

import { type DpopKeyPair, DpopSession, generateDpopKeyPair } from '@modelcontextprotocol/client';

/** A DPoP key as kept with a login (owner-only, like the tokens it binds), so a restart keeps both. */
export interface StoredDpopKey {
  privateJwk: JsonWebKey;
  publicJwk: JsonWebKey;
}

const ES256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/** A new P-256 key (ES256) and the form it is kept in. */
export async function newDpopKey(): Promise<{ session: DpopSession; stored: StoredDpopKey }> {
  const pair = await generateDpopKeyPair({ extractable: true });
  const stored = {
    privateJwk: await webcrypto.subtle.exportKey('jwk', pair.privateKey),
    publicJwk: await webcrypto.subtle.exportKey('jwk', pair.publicKey),
  };
  return { session: await DpopSession.create({ alg: 'ES256', keyPair: pair }), stored };
}

/** The session for a kept key: the same key, so tokens bound to it (cnf.jkt) stay usable. */
export async function restoreDpopKey(stored: StoredDpopKey): Promise<DpopSession> {
  const { kty, crv, x, y } = stored.publicJwk;
  const keyPair: DpopKeyPair = {
    privateKey: await webcrypto.subtle.importKey('jwk', stored.privateJwk, ES256, false, ['sign']),
    publicKey: await webcrypto.subtle.importKey('jwk', stored.publicJwk, ES256, true, ['verify']),
    publicJwk: { kty, crv, x, y } as DpopKeyPair['publicJwk'],
    thumbprint: thumbprint(stored.publicJwk),
    alg: 'ES256',
  };
  return DpopSession.create({ alg: 'ES256', keyPair });
}

/** RFC 7638: SHA-256 over the required members of the public JWK, in lexical order. */
function thumbprint({ crv, kty, x, y }: JsonWebKey): string {
  return createHash('sha256').update(JSON.stringify({ crv, kty, x, y })).digest('base64url');
}
