import { z } from 'zod';
import type { TransportKind } from '../types.js';

/** Server names become tool-name prefixes, so they must be provider-safe themselves. */
const SERVER_NAME = /^[A-Za-z0-9_-]{1,32}$/;

const stringRecord = z.record(z.string(), z.string());

/**
 * One `mcpServers` entry as users write it. Loose on purpose: entries copied from Claude Code,
 * Cursor or opencode (`"type": "http"`, no `type` at all) must load unchanged; unknown keys are ignored.
 */
export const RawServerEntry = z.object({
  type: z.enum(['stdio', 'streamableHttp', 'http', 'streamable-http', 'streamable_http', 'sse']).optional(),
  command: z.string().min(1).optional(),
  args: z.array(z.string()).optional(),
  env: stringRecord.optional(),
  cwd: z.string().min(1).optional(),
  url: z.string().min(1).optional(),
  headers: stringRecord.optional(),
  enabled: z.boolean().optional(),
  disabled: z.boolean().optional(),
  timeout: z.number().int().positive().optional(),
  callTimeout: z.number().int().positive().optional(),
  /** `legacy` skips the 2026-07-28 probe: some servers offer tools only to 2025-era clients. */
  protocol: z.enum(['auto', 'legacy']).optional(),
  /** How often this server may have the host's model answer it (a lower or higher limit than the host's). */
  sampling: z
    .object({ perMinute: z.number().int().positive().max(10_000).optional() })
    .strict()
    .optional(),
  /** OAuth client settings for a remote server that needs a login (all optional). */
  oauth: z
    .object({
      /** A client registered by hand; without it the client registers itself (RFC 7591). */
      clientId: z.string().min(1).optional(),
      clientSecret: z.string().min(1).optional(),
      scope: z.string().min(1).optional(),
      /** An https URL of this client's metadata document, used as its id where the server allows. */
      clientMetadataUrl: z.string().url().optional(),
      /**
       * How tokens are got: `authorization_code` (a person logs in; the default), or with no person,
       * `client_credentials` (clientId with clientSecret, or with privateKey and algorithm: RFC 7523
       * private_key_jwt) or `jwt_bearer` (a workload's identity token as the assertion: assertion,
       * or assertionFile read at each request, as Kubernetes projects it).
       */
      grant: z
        .enum(['authorization_code', 'client_credentials', 'jwt_bearer', 'cross_app_access'])
        .optional(),
      /**
       * `cross_app_access` (enterprise-managed authorization): the person's ID token from the
       * company's identity provider is exchanged there for an ID-JAG (RFC 8693), which the MCP
       * server's authorization server takes as a JWT-bearer grant from clientId/clientSecret.
       */
      idp: z
        .object({
          issuer: z.string().url().optional(),
          tokenEndpoint: z.string().url().optional(),
          clientId: z.string().min(1),
          clientSecret: z.string().min(1).optional(),
          idToken: z.string().min(1).optional(),
          idTokenFile: z.string().min(1).optional(),
        })
        .strict()
        .optional(),
      /**
       * The authorization server the credentials of a grant without a person belong to: they are
       * then sent to it alone, whatever authorization server the MCP server names (SEP-2352).
       */
      issuer: z.string().url().optional(),
      /** Bind tokens to a key of this client (RFC 9449 DPoP), for servers that ask for it. */
      dpop: z.boolean().optional(),
      privateKey: z.string().min(1).optional(),
      algorithm: z.string().min(1).optional(),
      assertion: z.string().min(1).optional(),
      assertionFile: z.string().min(1).optional(),
    })
    .strict()
    .superRefine((o, ctx) => {
      const need = (ok: boolean, message: string) => ok || ctx.addIssue({ code: 'custom', message });
      if (o.grant === 'client_credentials') {
        need(o.clientId !== undefined, 'grant "client_credentials" needs clientId');
        need(
          (o.clientSecret !== undefined) !== (o.privateKey !== undefined),
          'grant "client_credentials" needs clientSecret or privateKey (one of them)',
        );
        if (o.privateKey) need(o.algorithm !== undefined, 'privateKey needs algorithm (e.g. RS256, ES256)');
      }
      if (o.grant === 'cross_app_access') {
        need(
          o.clientId !== undefined && o.clientSecret !== undefined,
          'grant "cross_app_access" needs clientId and clientSecret',
        );
        need(
          o.idp !== undefined,
          'grant "cross_app_access" needs idp { clientId, issuer or tokenEndpoint, idToken or idTokenFile }',
        );
        if (o.idp) {
          need(
            o.idp.issuer !== undefined || o.idp.tokenEndpoint !== undefined,
            'idp needs issuer or tokenEndpoint',
          );
          need(
            (o.idp.idToken !== undefined) !== (o.idp.idTokenFile !== undefined),
            'idp needs idToken or idTokenFile (one of them)',
          );
        }
      }
      if (o.grant === 'jwt_bearer') {
        need(o.clientId !== undefined, 'grant "jwt_bearer" needs clientId');
        need(
          (o.assertion !== undefined) !== (o.assertionFile !== undefined),
          'grant "jwt_bearer" needs assertion or assertionFile (one of them)',
        );
      }
    })
    .optional(),
});
export type RawServerEntry = z.infer<typeof RawServerEntry>;

/** A server entry after validation and `${VAR}` expansion; `invalid` says why it cannot be used. */
export interface ServerEntry {
  name: string;
  transport: TransportKind;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
  enabled: boolean;
  /** Connect (handshake + first tools/list) timeout. */
  timeoutMs?: number;
  /** Per-call timeout. */
  callTimeoutMs?: number;
  protocol?: 'auto' | 'legacy';
  /** Sampling requests admitted per minute for this server; the host's limit when unset. */
  samplingPerMinute?: number;
  oauth?: OAuthSettings;
  invalid?: string;
}

export type OAuthSettings = NonNullable<RawServerEntry['oauth']>;

export function isValidServerName(name: string): boolean {
  return SERVER_NAME.test(name);
}

export function transportOf(entry: RawServerEntry): TransportKind | undefined {
  switch (entry.type) {
    case 'stdio':
      return 'stdio';
    case 'streamableHttp':
    case 'http':
    case 'streamable-http':
    case 'streamable_http':
      return 'streamableHttp';
    default:
      if (entry.command) return 'stdio';
      if (entry.url) return 'streamableHttp';
      return undefined;
  }
}
