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
