import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { HubError } from '../errors.js';

/**
 * Where an address points, for deciding whether a server may steer a fetch there: the cloud's
 * metadata endpoints and link-local space never; loopback and private networks only when the MCP
 * server itself lives in that class; the public internet always.
 */
export type AddressClass = 'metadata' | 'loopback' | 'private' | 'public';

const ranges = (entries: [string, number, 'ipv4' | 'ipv6'][]) => {
  const list = new BlockList();
  for (const [network, prefix, family] of entries) list.addSubnet(network, prefix, family);
  return list;
};
const METADATA = ranges([
  ['169.254.0.0', 16, 'ipv4'],
  ['fe80::', 10, 'ipv6'],
  ['fd00:ec2::254', 128, 'ipv6'],
]);
const LOOPBACK = ranges([
  ['127.0.0.0', 8, 'ipv4'],
  ['0.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['::', 128, 'ipv6'],
]);
const PRIVATE = ranges([
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['fc00::', 7, 'ipv6'],
]);

export function addressClass(address: string): AddressClass {
  // An IPv4 address written as IPv6 (::ffff:169.254.169.254) is judged as the IPv4 one.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (METADATA.check(ip, family)) return 'metadata';
  if (LOOPBACK.check(ip, family)) return 'loopback';
  if (PRIVATE.check(ip, family)) return 'private';
  return 'public';
}

export type Lookup = (hostname: string) => Promise<string[]>;
const systemLookup: Lookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** The address classes a URL's host resolves to (an IP literal is its own). */
async function classesOf(url: URL, lookup: Lookup): Promise<Set<AddressClass>> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await lookup(host);
  return new Set(addresses.map(addressClass));
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/**
 * A fetch for everything a remote MCP server can steer (its `WWW-Authenticate` names the metadata
 * URL, the metadata names the authorization server, which redirects): each URL, and each redirect
 * hop, is resolved and its addresses tested before anything is sent — metadata and link-local
 * addresses refused always, loopback and private ones unless the MCP server's own URL is in that
 * class, plain http unless on loopback. The MCP server's own origin is left as configured. The
 * MCP specification's security guidance names this SSRF.
 */
export function guardedFetch(
  serverUrl: URL,
  { lookup = systemLookup, fetch: base = fetch }: { lookup?: Lookup; fetch?: typeof fetch } = {},
): typeof fetch {
  let serverClasses: Promise<Set<AddressClass>> | undefined;
  const check = async (url: URL) => {
    // The server's own origin is the one the user configured: its requests go where they said.
    if (url.origin === serverUrl.origin) return;
    serverClasses ??= classesOf(serverUrl, lookup).catch(() => new Set<AddressClass>());
    const allowed = await serverClasses;
    const classes = await classesOf(url, lookup);
    const refuse = (why: string): never => {
      throw new HubError('CONNECT_FAILED', `refused to fetch ${url.origin}${url.pathname}: ${why}`);
    };
    if (classes.has('metadata')) refuse('a link-local or cloud-metadata address');
    for (const kind of ['loopback', 'private'] as const)
      if (classes.has(kind) && !allowed.has(kind))
        refuse(`a ${kind} address, and the MCP server at ${serverUrl.origin} is not on one`);
    if (
      url.protocol !== 'https:' &&
      !(url.protocol === 'http:' && [...classes].every((c) => c === 'loopback'))
    )
      refuse('not https (plain http is allowed on loopback only)');
  };
  return async (input, init) => {
    let url = new URL(input instanceof Request ? input.url : String(input));
    let request = init;
    const followsItself = init?.redirect === 'manual' || init?.redirect === 'error';
    for (let hop = 0; ; hop++) {
      await check(url);
      const response = await base(input instanceof Request && hop === 0 ? input : url, {
        ...request,
        redirect: 'manual',
      });
      const location = response.headers.get('location');
      if (followsItself || !REDIRECTS.has(response.status) || !location) return response;
      if (hop === MAX_REDIRECTS)
        throw new HubError('CONNECT_FAILED', `more than ${MAX_REDIRECTS} redirects from ${url.origin}`);
      await response.body?.cancel();
      url = new URL(location, url);
      // As fetch itself does: a 303, or a POST answered 301/302, goes on as a GET without a body.
      const method = (request?.method ?? 'GET').toUpperCase();
      if (
        response.status === 303 ||
        ((response.status === 301 || response.status === 302) && method === 'POST')
      ) {
        const { body: _body, ...rest } = request ?? {};
        request = { ...rest, method: 'GET' };
      }
    }
  };
}
