import { z } from 'zod';
import { linkCalls } from '../routemap/link.js';
import { RootSources } from '../routemap/read-sources.js';
import { SCREEN } from '../scanner/js/screens.js';
import type { Scanner } from '../scanner/scan.js';
import { isSvelteKitPageServer } from '../scanner/sveltekit.js';
import type { Route } from '../scanner/types.js';
import { defineTool, RECENT_MS, rootArg, type ToolDeps } from './define.js';

/** Each root's front-end files, kept beside the scanner that serves it (one per server, shared by its tools). */
const kept = new WeakMap<Scanner, Map<string, RootSources>>();

export function sourcesOf(scanner: Scanner, root: string): RootSources {
  let roots = kept.get(scanner);
  if (!roots) {
    roots = new Map();
    kept.set(scanner, roots);
  }
  let sources = roots.get(root);
  if (!sources) {
    sources = new RootSources(root);
    roots.set(root, sources);
  }
  return sources;
}

/**
 * The routes a client call may reach: no single-page app's screen; a page's (a whole-file route, a
 * SvelteKit page's form actions) only under an API folder or path.
 */
export const linkableRoutes = (routes: readonly Route[]) =>
  routes.filter(
    (r) =>
      r.method !== SCREEN &&
      (!(r.wholeFile || isSvelteKitPageServer(r.file)) ||
        /(^|\/)api\//.test(r.path) ||
        /(^|\/)(api|server)\//.test(r.file)),
  );

export const routemapTool = (deps: ToolDeps) =>
  defineTool(
    'boocontext_routemap',
    "Which back-end route each front-end call reaches: every HTTP call through fetch, axios, superagent, HttpClient, ky, ofetch or the project's own wrappers, with its method and full path (base URLs from constants, axios defaults and instances, interceptors), tRPC procedures, GraphQL documents' root fields and socket.io emits, linked to the route it matches; calls that reach no route (a broken contract or another service) and routes no client calls.",
    z.object({
      root: rootArg,
      max_tokens: z.number().int().min(500).max(100_000).optional(),
    }),
    async (args, root, ctx) => {
      const [scan, { calls, unresolved }] = await Promise.all([
        deps.scanner.scan(root, { ...ctx, maxAgeMs: RECENT_MS }),
        sourcesOf(deps.scanner, root).calls(ctx.signal, RECENT_MS),
      ]);
      const routes = linkableRoutes(scan.routes).map((r) => ({
        method: r.method,
        path: r.path,
        file: r.file,
        line: r.line,
      }));
      // gRPC calls between services, read by the scanner from the languages' trees.
      const rpcCalls = scan.rpcCalls.map((c) => ({
        method: 'RPC',
        path: `/${c.service}/${c.method}`,
        file: c.file,
        line: c.line,
        via: 'grpc',
      }));
      const allCalls = [...calls, ...rpcCalls];
      const { links, unmatched, uncalled } = linkCalls(allCalls, routes);
      const filling = links.filter((l) => l.fills).length;
      const details = {
        links,
        unmatched: unmatched.map((c) => ({
          method: c.method,
          path: c.path,
          file: c.file,
          line: c.line,
          via: c.via,
        })),
        uncalled,
        unresolved,
      };
      const budget = (args.max_tokens ?? deps.mapTokens) * 4;
      let truncated = false;
      for (const key of ['unresolved', 'uncalled', 'unmatched', 'links'] as const) {
        while (JSON.stringify(details).length > budget && details[key].length > 0) {
          (details[key] as unknown[]).splice(Math.floor(details[key].length / 2));
          truncated = true;
          if (details[key].length === 1) break;
        }
      }
      return {
        verdict: truncated ? 'CAUTION' : 'SAFE',
        summary: `${allCalls.length} front-end call${allCalls.length === 1 ? '' : 's'}: ${links.length} linked to a route${
          filling ? ` (${filling} only through a route parameter a literal segment fills: see \`fills\`)` : ''
        }, ${unmatched.length} reach no route in this repository; ${uncalled.length} of ${routes.length} routes are called by no client here.${
          unresolved.length
            ? ` ${unresolved.length} call(s) take a URL the code does not tell (listed as unresolved).`
            : ''
        }`,
        details,
        source: 'scanner',
        truncated,
      };
    },
  );
