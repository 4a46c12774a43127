import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { ToolContext } from './progress.js';

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

/** A tool's answer as an MCP `tools/call` result: the structured answer and its text, or a failure with `isError`. */
export interface ToolCallResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent: Record<string, unknown>;
  isError?: true;
}

/** What a failure says to the caller: a ToolError as it is, anything else as INTERNAL, named after the server. */
function errorAnswer(server: string, error: unknown): { code: ToolErrorCode; message: string } {
  if (error instanceof ToolError) return { code: error.code, message: error.message };
  return { code: 'INTERNAL', message: `${server} failed: ${(error as Error).message}` };
}

/**
 * Runs a tool on arguments already parsed by its schema and answers as a server of ours does over
 * MCP: the answer as structured content and text, every failure as an `isError` result carrying
 * `{ error: { code, message } }`. The one place the MCP servers and an in-process caller (a
 * one-shot command that needs no child process, `callToolByName`) turn an answer into a result.
 */
export async function callReadOnlyTool(
  server: string,
  tool: ReadOnlyTool,
  args: Record<string, unknown>,
  ctx: ToolContext,
): Promise<ToolCallResult> {
  try {
    const answer = await tool.run(args, ctx);
    return { content: [{ type: 'text', text: JSON.stringify(answer) }], structuredContent: answer };
  } catch (error) {
    return failureResult(server, error);
  }
}

function failureResult(server: string, error: unknown): ToolCallResult {
  const failure = errorAnswer(server, error);
  return {
    content: [{ type: 'text', text: failure.message }],
    structuredContent: { error: failure },
    isError: true,
  };
}

/**
 * A call as an MCP client makes it, without MCP: the tool found by name and its arguments parsed by
 * its schema (arguments it refuses: a BAD_INPUT result), then `callReadOnlyTool`.
 * Called through the module that defines the tools, so that their errors are classified by its own
 * `ToolError` (a bundle of another package holds another copy of the class).
 */
export async function callToolByName(
  server: string,
  tools: readonly ReadOnlyTool[],
  name: string,
  args: Record<string, unknown>,
  ctx: ToolContext,
): Promise<ToolCallResult> {
  const tool = tools.find((t) => t.name === name);
  const parsed = tool?.input.safeParse(args);
  if (!tool || !parsed?.success)
    return failureResult(
      server,
      new ToolError(
        'BAD_INPUT',
        `${server}: ${tool ? `invalid arguments for ${name}: ${parsed?.error?.message}` : `no tool ${name}`}`,
      ),
    );
  return callReadOnlyTool(server, tool, parsed.data, ctx);
}
