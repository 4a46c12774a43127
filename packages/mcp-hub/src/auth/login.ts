import { auth, type StoredOAuthTokens, selectClientAuthMethod } from '@modelcontextprotocol/client';
import type { OAuthSettings } from '../config/schema.js';
import { describeError, HubError } from '../errors.js';
import type { HubLogger } from '../types.js';
import { guardedFetch } from './guarded-fetch.js';
import { followAuthorization } from './headless.js';
import { HubOAuthProvider } from './provider.js';
import type { OAuthStore } from './store.js';

/** How a host lets its servers log in. */
export interface HubOAuthOptions {
  store: OAuthStore;
  /**
   * The host's callback URL; the authorization server sends the browser back there. A function
   * when it is known only once the host listens.
   */
  redirectUrl: string | (() => string);
  /** How the host names itself when it registers as a client. */
  clientName?: string;
  /**
   * Complete every authorization the server asks for without a person, following the
   * authorization server's redirects (scripts, CI, servers that approve on their own).
   */
  headless?: boolean;
}

/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_S = 60;
const REVOKE_TIMEOUT_MS = 5_000;

/** One remote server's OAuth login: start, finish, refresh ahead of expiry, log out. */
export class ServerLogin {
  readonly provider: HubOAuthProvider;
  /** Every fetch of the login (discovery, tokens, revocation, the headless walk) checks where it goes. */
  readonly fetch: typeof fetch;
  private refreshTimer?: NodeJS.Timeout;

  constructor(
    private readonly server: string,
    private readonly url: string,
    private readonly options: HubOAuthOptions,
    private readonly settings: OAuthSettings | undefined,
    private readonly log: HubLogger | undefined,
  ) {
    this.fetch = guardedFetch(new URL(url));
    this.provider = new HubOAuthProvider({
      server,
      url,
      store: options.store,
      redirectUrl: () =>
        typeof options.redirectUrl === 'string' ? options.redirectUrl : options.redirectUrl(),
      clientName: options.clientName ?? 'BooCode',
      ...(settings ? { settings } : {}),
      onTokens: (tokens, savedAt) => this.planRefresh(tokens, savedAt),
    });
  }

  get headless(): boolean {
    return this.options.headless === true;
  }

  /** Starts a login: the URL a person must visit, or `undefined` when stored tokens were refreshed. */
  async begin(): Promise<URL | undefined> {
    this.provider.pendingAuthorization = undefined;
    // A login starts from what the server names now: it may have moved to another authorization
    // server since the last one (SEP-2352), and the SDK would otherwise go back to the old one.
    await this.provider.invalidateCredentials('discovery');
    const scope = this.settings?.scope;
    const result = await auth(this.provider, {
      serverUrl: this.url,
      fetchFn: this.fetch,
      ...(scope ? { scope } : {}),
    });
    if (result === 'AUTHORIZED') return undefined;
    const pending = this.provider.pendingAuthorization;
    if (!pending)
      throw new HubError('LOGIN_FAILED', `MCP server "${this.server}": no authorization URL came back`);
    return pending;
  }

  /** Finishes a login with the query the authorization server sent back to the callback. */
  async complete(params: URLSearchParams): Promise<void> {
    const refused = params.get('error');
    if (refused) {
      throw new HubError(
        'LOGIN_FAILED',
        `the authorization server refused the login to "${this.server}": ${params.get('error_description') ?? refused}`,
      );
    }
    const expected = await this.provider.expectedState();
    if (!expected || params.get('state') !== expected) {
      throw new HubError(
        'LOGIN_FAILED',
        `the answer does not belong to the login to "${this.server}" in progress (state mismatch); start the login again`,
      );
    }
    const code = params.get('code');
    if (!code) throw new HubError('LOGIN_FAILED', 'the authorization server sent back no code');
    const iss = params.get('iss');
    await auth(this.provider, {
      serverUrl: this.url,
      fetchFn: this.fetch,
      authorizationCode: code,
      ...(iss ? { iss } : {}),
    });
  }

  /** Completes the authorization the SDK is waiting for without a person (headless hosts). */
  async completeHeadless(): Promise<void> {
    const url = this.provider.pendingAuthorization ?? (await this.begin());
    if (url) await this.complete(await followAuthorization(url, this.provider.redirectUrl, this.fetch));
  }

  /** Revokes the tokens where the authorization server offers it (RFC 7009), then forgets them. */
  async logout(): Promise<void> {
    clearTimeout(this.refreshTimer);
    const tokens = await this.provider.tokens();
    // OpenID metadata has no revocation fields in its type; OAuth metadata (RFC 8414) does.
    const metadata = (await this.provider.discoveryState())?.authorizationServerMetadata as
      | { revocation_endpoint?: string; revocation_endpoint_auth_methods_supported?: string[] }
      | undefined;
    const endpoint = metadata?.revocation_endpoint;
    const client = await this.provider.clientInformation();
    if (tokens && endpoint && client) {
      const method = selectClientAuthMethod(
        client,
        metadata.revocation_endpoint_auth_methods_supported ?? [],
      );
      for (const [token, hint] of [
        [tokens.refresh_token, 'refresh_token'],
        [tokens.access_token, 'access_token'],
      ] as const) {
        if (token) await this.revoke(endpoint, method, client, token, hint);
      }
    }
    await this.provider.forget();
  }

  private async revoke(
    endpoint: string,
    method: string,
    client: { client_id: string; client_secret?: string },
    token: string,
    hint: string,
  ): Promise<void> {
    const body = new URLSearchParams({ token, token_type_hint: hint, client_id: client.client_id });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (client.client_secret && method === 'client_secret_basic') {
      headers.authorization = `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`;
    } else if (client.client_secret) {
      body.set('client_secret', client.client_secret);
    }
    try {
      const response = await this.fetch(endpoint, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      // The login is forgotten either way; an unrevoked token then expires on its own.
      this.log?.warn(`mcp: ${this.server}: revoking the ${hint} failed: ${describeError(error)}`);
    }
  }

  close(): void {
    clearTimeout(this.refreshTimer);
  }

  /** Plans the refresh of tokens kept from an earlier run (once connected with them). */
  async resume(): Promise<void> {
    const saved = await this.provider.savedTokens();
    if (saved) this.planRefresh(saved.tokens, saved.savedAt);
  }

  /** Refreshes shortly before expiry, so a call never waits on a 401 and a refresh. */
  private planRefresh(tokens: StoredOAuthTokens, savedAt: number): void {
    clearTimeout(this.refreshTimer);
    if (!tokens.refresh_token || !tokens.expires_in) return;
    const due = savedAt + (tokens.expires_in - REFRESH_MARGIN_S) * 1000;
    this.refreshTimer = setTimeout(
      () => {
        auth(this.provider, { serverUrl: this.url, fetchFn: this.fetch }).catch((error: unknown) =>
          this.log?.warn(`mcp: ${this.server}: refreshing the login failed: ${describeError(error)}`),
        );
      },
      Math.max(1000, due - Date.now()),
    );
    this.refreshTimer.unref();
  }
}
