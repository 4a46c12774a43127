import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_CAPABILITIES_META_KEY, inputRequired, McpServer } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { requestProgress, type ToolContext } from './progress.js';
import { packageInfo } from './version.js';

/** Every tool of our servers reads and never reaches beyond the machine. */
export const READ_ONLY_ANNOTATIONS = { readOnlyHint: true, openWorldHint: false } as const;

/**
 * Stable codes a program can branch on; the message is for the model. BAD_ROOT: the root is not
 * an absolute path to a directory; OUTSIDE_ROOT: a path leaves the root or the allowed
 * directories; NOT_FOUND: no such symbol or file; BAD_INPUT: arguments that cannot be answered;
 * BUSY: still working on it, ask again shortly; TIMEOUT: no answer in time; UNAVAILABLE: a server
 * it relies on is not running; INTERNAL: our bug or a failure below us.
 */
export type ToolErrorCode =
  | 'BAD_ROOT'
  | 'OUTSIDE_ROOT'
  | 'NOT_FOUND'
  | 'BAD_INPUT'
  | 'NOT_CALLABLE'
  | 'NO_PROGRAM'
  | 'TOO_LARGE'
  | 'BUSY'
  | 'TIMEOUT'
  | 'UNAVAILABLE'
  | 'INTERNAL';

/** A refusal a tool reports as `{ error: { code, message } }` with `isError`, never as a protocol error. */
export class ToolError extends Error {
  constructor(
    readonly code: ToolErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/** A `root` argument as a resolved absolute path to an existing directory, or a BAD_ROOT refusal. */
export function rootDirectory(root: string): string {
  if (!path.isAbsolute(root)) throw new ToolError('BAD_ROOT', `root must be an absolute path, got "${root}"`);
  const abs = path.resolve(root);
  if (!existsSync(abs) || !statSync(abs).isDirectory())
    throw new ToolError('BAD_ROOT', `root ${abs} is not a directory; pass an existing directory`);
  return abs;
}

export type ToolAnswer = Record<string, unknown>;

/** A read-only tool: its input schema is parsed by the SDK before `run` sees the arguments. */
export interface ReadOnlyTool<S extends z.ZodObject = z.ZodObject> {
  name: string;
  description: string;
  input: S;
  output?: z.ZodObject;
  run: (args: z.infer<S>, ctx: ToolContext) => Promise<ToolAnswer> | ToolAnswer;
}

/** Keeps a tool's argument types while it joins a list of tools with other schemas. */
export const readOnlyTool = <S extends z.ZodObject>(tool: ReadOnlyTool<S>): ReadOnlyTool =>
  tool as unknown as ReadOnlyTool;

export interface ReadOnlyServerOptions {
  /** The server's name; its version is the package's, read from `packageUrl`'s package.json. */
  name: string;
  packageUrl: string;
  tools: readonly ReadOnlyTool[];
  /** Set when the server works in the client's roots unless told otherwise: see `ClientRoots`. */
  clientRoots?: ClientRoots;
}

/**
 * A server that takes its directories from the client's roots. Before a tool runs while `wanted()`,
 * the client is asked for its roots (`roots/list`: in-band as an input request on 2026-07-28, pushed
 * by the SDK's shim on 2025-era connections) and `adopt` hears their paths; `roots/list_changed`
 * makes them wanted again. A client without the roots capability is never asked.
 */
export interface ClientRoots {
  wanted(): boolean;
  adopt(paths: string[]): void;
  changed(): void;
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

/** What a failure says to the caller: a ToolError as it is, anything else as INTERNAL, named after the server. */
function errorAnswer(server: string, error: unknown): { code: ToolErrorCode; message: string } {
  if (error instanceof ToolError) return { code: error.code, message: error.message };
  return { code: 'INTERNAL', message: `${server} failed: ${(error as Error).message}` };
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
        try {
          const answer = await tool.run(args, { signal: ctx.mcpReq.signal, progress: requestProgress(ctx) });
          return {
            content: [{ type: 'text' as const, text: JSON.stringify(answer) }],
            structuredContent: answer,
          };
        } catch (error) {
          const failure = errorAnswer(options.name, error);
          return {
            content: [{ type: 'text' as const, text: failure.message }],
            structuredContent: { error: failure },
            isError: true,
          };
        }
      },
    );
  }
  return server;
}
