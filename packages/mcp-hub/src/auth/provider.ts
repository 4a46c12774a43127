import { randomBytes } from 'node:crypto';
import type {
  DpopSession,
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { OAuthSettings } from '../config/schema.js';
import { newDpopKey, restoreDpopKey } from './dpop-key.js';
import type { OAuthRecord, OAuthStore } from './store.js';

export interface OAuthProviderOptions {
  server: string;
  url: string;
  store: OAuthStore;
  /** Where the authorization server sends the browser back to (the host's callback). */
  redirectUrl: () => string;
  clientName: string;
  settings?: OAuthSettings;
  /** Hears each token set saved (first login, refresh), to plan the next refresh. */
  onTokens?: (tokens: StoredOAuthTokens, savedAt: number) => void;
}

/** A login's `state` is `<server>.<random>`: the server it names, for the one callback every login shares. */
export const serverOfLoginState = (state: string) => state.slice(0, Math.max(0, state.lastIndexOf('.')));

/**
 * The SDK's OAuth client provider over the hub's store: the SDK runs discovery, registration,
 * PKCE, the token exchange and refreshes; this keeps what it hands over, per server, and holds
 * the authorization URL it wants a person (or the headless path) to visit.
 */
export class HubOAuthProvider implements OAuthClientProvider {
  /** Set when the SDK asked to send the user to the authorization server. */
  pendingAuthorization?: URL;
  private record?: Promise<OAuthRecord>;
  private dpopSession?: Promise<DpopSession>;

  constructor(private readonly options: OAuthProviderOptions) {}

  get redirectUrl(): string {
    return this.options.redirectUrl();
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.settings?.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const scope = this.options.settings?.scope;
    return {
      client_name: this.options.clientName,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      ...(scope ? { scope } : {}),
    };
  }

  /** Names the server, so one callback URL serves every server; the random part is checked. */
  async state(): Promise<string> {
    const state = `${this.options.server}.${randomBytes(16).toString('base64url')}`;
    await this.update({ state });
    return state;
  }

  async expectedState(): Promise<string | undefined> {
    return (await this.current()).state;
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const { clientId, clientSecret } = this.options.settings ?? {};
    if (clientId) return { client_id: clientId, ...(clientSecret ? { client_secret: clientSecret } : {}) };
    return (await this.current()).client;
  }

  async saveClientInformation(client: OAuthClientInformationMixed): Promise<void> {
    // A client registered by hand is configuration, not state: only a registered one is kept.
    if (!this.options.settings?.clientId) await this.update({ client });
  }

  async tokens(): Promise<StoredOAuthTokens | undefined> {
    return (await this.current()).tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    const savedAt = Date.now();
    await this.update({ tokens, tokensSavedAt: savedAt });
    this.pendingAuthorization = undefined;
    this.options.onTokens?.(tokens, savedAt);
  }

  /** The tokens kept from an earlier run, with when they were saved. */
  async savedTokens(): Promise<{ tokens: StoredOAuthTokens; savedAt: number } | undefined> {
    const { tokens, tokensSavedAt } = await this.current();
    return tokens ? { tokens, savedAt: tokensSavedAt ?? Date.now() } : undefined;
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.pendingAuthorization = authorizationUrl;
  }

  /**
   * With `oauth.dpop`, tokens are bound to a key of this client (RFC 9449): the SDK signs a proof
   * into each token request and each call. One key per login, kept with it, so a restart keeps
   * using the tokens it bound; a logout forgets both.
   */
  dpop(): Promise<DpopSession> | undefined {
    if (this.options.settings?.dpop !== true) return undefined;
    this.dpopSession ??= this.current().then(async (record) => {
      if (record.dpopKey) return restoreDpopKey(record.dpopKey);
      const { session, stored } = await newDpopKey();
      await this.update({ dpopKey: stored });
      return session;
    });
    return this.dpopSession;
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    await this.update({ codeVerifier });
  }

  async codeVerifier(): Promise<string> {
    const verifier = (await this.current()).codeVerifier;
    if (!verifier) throw new Error('no login in progress for this server: start it again');
    return verifier;
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.update({ discovery });
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.current()).discovery;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'all') return this.forget();
    const key = {
      client: 'client',
      tokens: 'tokens',
      verifier: 'codeVerifier',
      discovery: 'discovery',
    } as const;
    await this.update({ [key[scope]]: undefined });
  }

  /** Drops everything kept for the server (logout). */
  async forget(): Promise<void> {
    this.record = Promise.resolve({ url: this.options.url });
    this.dpopSession = undefined;
    this.pendingAuthorization = undefined;
    await this.options.store.save(this.options.server, undefined);
  }

  private current(): Promise<OAuthRecord> {
    this.record ??= this.options.store.load(this.options.server).then((found) =>
      // A login for another URL (the entry was edited) is not this server's.
      found?.url === this.options.url ? found : { url: this.options.url },
    );
    return this.record;
  }

  private async update(change: Partial<OAuthRecord>): Promise<void> {
    const next = { ...(await this.current()), ...change };
    for (const key of Object.keys(change) as (keyof OAuthRecord)[])
      if (next[key] === undefined) delete next[key];
    this.record = Promise.resolve(next);
    await this.options.store.save(this.options.server, next);
  }
}
