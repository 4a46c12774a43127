import { fileURLToPath } from 'node:url';
import { CLIENT_CAPABILITIES_META_KEY, inputRequired, McpServer } from '@modelcontextprotocol/server';
import { requestProgress } from './progress.js';
import { type ClientRoots, callReadOnlyTool, READ_ONLY_ANNOTATIONS, type ReadOnlyTool } from './tools.js';
import { packageInfo } from './version.js';

export interface ReadOnlyServerOptions {
  /** The server's name; its version is the package's, read from `packageUrl`'s package.json. */
  name: string;
  packageUrl: string;
  tools: readonly ReadOnlyTool[];
  /** Set when the server works in the client's roots unless told otherwise: see `ClientRoots`. */
  clientRoots?: ClientRoots;
}

type RequestContext = Parameters<typeof requestProgress>[0] & {
  mcpReq: {
    signal: AbortSignal;
    inputResponses?: Record<string, unknown>;
    envelope?: Record<string, unknown>;
  };
};

/** The local paths of `file://` roots (others name nothing this process can read). */
function rootPaths(answer: unknown): string[] | undefined {
  const roots = (answer as { roots?: unknown } | undefined)?.roots;
  if (!Array.isArray(roots)) return undefined;
  return roots.flatMap((root: { uri?: unknown }) => {
    if (typeof root?.uri !== 'string' || !root.uri.startsWith('file://')) return [];
    try {
      return [fileURLToPath(root.uri)];
    } catch {
      return [];
    }
  });
}

/**
 * An MCP server of read-only tools, registered one way: read-only annotations, the package's
 * version, the request's cancel signal and progress handed to `run`, the answer as structured
 * content and text, and every failure as an `isError` result carrying `{ error: { code, message } }`.
 */
export function readOnlyServer(options: ReadOnlyServerOptions): McpServer {
  const server = new McpServer({ name: options.name, version: packageInfo(options.packageUrl).version });
  // The SDK's overloads cannot follow a schema chosen at run time: one generic registration.
  const register = server.registerTool.bind(server) as unknown as (
    name: string,
    config: object,
    cb: (args: Record<string, unknown>, ctx: RequestContext) => Promise<unknown>,
  ) => void;
  const { clientRoots } = options;
  if (clientRoots)
    server.server.setNotificationHandler('notifications/roots/list_changed', () => clientRoots.changed());
  /** An input request for the client's roots when they are wanted and not yet given; else undefined. */
  const askForRoots = (ctx: RequestContext) => {
    if (!clientRoots?.wanted()) return undefined;
    const given = rootPaths(ctx.mcpReq.inputResponses?.roots);
    if (given) {
      clientRoots.adopt(given);
      return undefined;
    }
    const capabilities =
      (ctx.mcpReq.envelope?.[CLIENT_CAPABILITIES_META_KEY] as { roots?: unknown } | undefined) ??
      server.server.getClientCapabilities();
    if (capabilities?.roots === undefined) return undefined;
    return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
  };
  for (const tool of options.tools) {
    register(
      tool.name,
      {
        description: tool.description,
        inputSchema: tool.input,
        ...(tool.output ? { outputSchema: tool.output } : {}),
        annotations: READ_ONLY_ANNOTATIONS,
      },
      async (args, ctx) => {
        const rootsRequest = askForRoots(ctx);
        if (rootsRequest) return rootsRequest;
        return callReadOnlyTool(options.name, tool, args, {
          signal: ctx.mcpReq.signal,
          progress: requestProgress(ctx),
        });
      },
    );
  }
  return server;
}
