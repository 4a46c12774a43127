import { HubError } from '../errors.js';

const MAX_HOPS = 10;
const HOP_TIMEOUT_MS = 10_000;

/**
 * Visits an authorization URL without a browser, following redirects until one points at the
 * host's callback, and returns the callback's query (`code`, `state`, or `error`). Works where the
 * authorization server approves without a person: a test server, a pre-approved client.
 */
export async function followAuthorization(
  authorizationUrl: URL,
  redirectUrl: string,
  fetchHop: typeof fetch = fetch,
): Promise<URLSearchParams> {
  const callback = new URL(redirectUrl);
  let next = authorizationUrl;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const response = await fetchHop(next, {
      redirect: 'manual',
      signal: AbortSignal.timeout(HOP_TIMEOUT_MS),
    });
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new HubError(
        'LOGIN_FAILED',
        `the authorization server answered ${response.status} at ${next.origin}${next.pathname} instead of sending the login back: it wants a person; log in from a browser`,
      );
    }
    const target = new URL(location, next);
    if (target.origin === callback.origin && target.pathname === callback.pathname)
      return target.searchParams;
    next = target;
  }
  throw new HubError('LOGIN_FAILED', `the authorization server redirected more than ${MAX_HOPS} times`);
}
