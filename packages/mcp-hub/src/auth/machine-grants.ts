import { readFileSync } from 'node:fs';
import {
  ClientCredentialsProvider,
  CrossAppAccessProvider,
  discoverAndRequestJwtAuthGrant,
  type OAuthClientProvider,
  PrivateKeyJwtProvider,
  requestJwtAuthorizationGrant,
} from '@modelcontextprotocol/client';
import type { OAuthSettings } from '../config/schema.js';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** Whether the server's tokens are got with no person involved (no login page, no callback). */
export const isMachineGrant = (settings: OAuthSettings | undefined) =>
  settings?.grant === 'client_credentials' ||
  settings?.grant === 'jwt_bearer' ||
  settings?.grant === 'cross_app_access';

/**
 * The SDK's provider for a grant that needs no person: on a 401 the transport gets a token itself.
 * Tokens live in memory for the connection; a reconnect asks again, which these grants allow.
 */
export function machineGrantProvider(settings: OAuthSettings): OAuthClientProvider {
  const clientId = settings.clientId ?? '';
  const scope = settings.scope ? { scope: settings.scope } : {};
  const expectedIssuer = settings.issuer ? { expectedIssuer: settings.issuer } : {};
  if (settings.grant === 'jwt_bearer') return new JwtBearerProvider(clientId, settings, settings.scope);
  if (settings.grant === 'cross_app_access') return crossAppAccess(settings);
  if (settings.privateKey)
    return new PrivateKeyJwtProvider({
      clientId,
      privateKey: settings.privateKey,
      algorithm: settings.algorithm ?? 'RS256',
      clientName: 'BooCode',
      ...scope,
      ...expectedIssuer,
    });
  return new ClientCredentialsProvider({
    clientId,
    clientSecret: settings.clientSecret ?? '',
    clientName: 'BooCode',
    ...scope,
    ...expectedIssuer,
  });
}

/**
 * RFC 7523 §2.1: the workload's identity token (workload identity federation) is the grant. Read
 * afresh for every token request, since a projected token file is rotated under us. A refusal is
 * final: this grant is never retried or swapped for another.
 */
class JwtBearerProvider implements OAuthClientProvider {
  private stored: Parameters<OAuthClientProvider['saveTokens']>[0] | undefined;

  constructor(
    private readonly clientId: string,
    private readonly settings: OAuthSettings,
    private readonly scope: string | undefined,
  ) {}

  get redirectUrl(): undefined {
    return undefined;
  }

  get clientMetadata() {
    return {
      client_name: 'BooCode',
      redirect_uris: [],
      grant_types: [JWT_BEARER],
      token_endpoint_auth_method: 'none',
      ...(this.scope ? { scope: this.scope } : {}),
    };
  }

  /** Stamped with `issuer` when configured: the SDK then sends the assertion to that server alone. */
  clientInformation() {
    return { client_id: this.clientId, ...(this.settings.issuer ? { issuer: this.settings.issuer } : {}) };
  }

  tokens() {
    return this.stored;
  }

  saveTokens(tokens: Parameters<OAuthClientProvider['saveTokens']>[0]): void {
    this.stored = tokens;
  }

  redirectToAuthorization(): void {
    throw new Error('the jwt_bearer grant has no login page');
  }

  saveCodeVerifier(): void {}

  codeVerifier(): string {
    throw new Error('the jwt_bearer grant uses no code verifier');
  }

  prepareTokenRequest(scope?: string): URLSearchParams {
    const assertion = this.settings.assertionFile
      ? readFileSync(this.settings.assertionFile, 'utf8').trim()
      : (this.settings.assertion ?? '');
    const params = new URLSearchParams({ grant_type: JWT_BEARER, assertion });
    if (scope ?? this.scope) params.set('scope', scope ?? this.scope ?? '');
    return params;
  }
}

/**
 * Enterprise-managed authorization (SEP-990): the ID token is exchanged at the identity provider
 * for an ID-JAG naming this MCP server, which the SDK then redeems at the server's authorization
 * server. The ID token is read afresh for each exchange (a file a sign-in helper keeps current).
 */
function crossAppAccess(settings: OAuthSettings): OAuthClientProvider {
  const idp = settings.idp ?? { clientId: '' };
  return new CrossAppAccessProvider({
    clientId: settings.clientId ?? '',
    clientSecret: settings.clientSecret ?? '',
    clientName: 'BooCode',
    ...(settings.issuer ? { expectedIssuer: settings.issuer } : {}),
    assertion: async (context) => {
      const request = {
        audience: context.authorizationServerUrl,
        resource: context.resourceUrl,
        idToken: idp.idTokenFile ? readFileSync(idp.idTokenFile, 'utf8').trim() : (idp.idToken ?? ''),
        clientId: idp.clientId,
        ...(idp.clientSecret ? { clientSecret: idp.clientSecret } : {}),
        ...(context.scope ? { scope: context.scope } : {}),
        fetchFn: context.fetchFn,
      };
      const grant = idp.tokenEndpoint
        ? await requestJwtAuthorizationGrant({ ...request, tokenEndpoint: idp.tokenEndpoint })
        : await discoverAndRequestJwtAuthGrant({ ...request, idpUrl: idp.issuer ?? '' });
      return grant.jwtAuthGrant;
    },
  });
}
