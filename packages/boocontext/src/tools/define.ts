import type { ToolContext } from '@boocode/mcp-server-kit';
import { z } from 'zod';
import type { ChildServerManager } from '../children/manager.js';
import type { Metadata, Verdict } from '../envelope.js';
import type { AllowedRoots } from '../roots.js';
import type { Scanner } from '../scanner/scan.js';

export interface ToolDeps {
  roots: AllowedRoots;
  children: ChildServerManager;
  scanner: Scanner;
  mapTokens: number;
}

export type Details = Record<string, unknown>;

/** What a tool found, before it is wrapped in the envelope. */
export interface Answer {
  verdict: Verdict;
  summary: string;
  details: Details;
  source: Metadata['source'];
  truncated?: boolean;
  notes?: Record<string, unknown>;
}

export interface ToolDefinition<S extends z.ZodObject = z.ZodObject> {
  name: string;
  description: string;
  schema: S;
  run: (args: z.infer<S>, root: string, ctx: ToolContext) => Promise<Answer>;
}

/**
 * A scan this recent is fresh enough for the tools that read only routes and models in a burst
 * (flows, routemap): the code graph they are joined with answers from an index refreshed within 2 s.
 */
export const RECENT_MS = 2_000;

export const rootArg = z
  .string()
  .optional()
  .describe('Repository root (absolute); defaults to the directory boocontext was started in');

/** One boocontext tool: its schema types `run`'s arguments. */
export const defineTool = <S extends z.ZodObject>(
  name: string,
  description: string,
  schema: S,
  run: ToolDefinition<S>['run'],
): ToolDefinition => ({ name, description, schema, run }) as unknown as ToolDefinition;
