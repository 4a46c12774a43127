import { ToolError, type ToolErrorCode } from '@boocode/mcp-server-kit';
import { z } from 'zod';

/**
 * Every boocontext answer is one envelope (design D4): a verdict the agent can act on before it
 * reads anything else, a one-line summary that says what to do next, the facts, and metadata.
 * SAFE: complete. CAUTION: partial (unparsable files, a slow child, truncated output). UNSAFE: it
 * failed (bad root, child dead after retry). INFO: informational.
 */
export const Verdict = z.enum(['SAFE', 'CAUTION', 'UNSAFE', 'INFO']);
export type Verdict = z.infer<typeof Verdict>;

export const Source = z.enum(['scanner', 'code-graph', 'ts-types', 'merged']);

export const Metadata = z.object({
  source: Source,
  tool: z.string(),
  duration_ms: z.number(),
  truncated: z.boolean(),
  /** Extra facts about how the answer was made (cache use, compression ratio, child used…). */
  notes: z.record(z.string(), z.unknown()).optional(),
});

export const Envelope = z.object({
  verdict: Verdict,
  summary: z.string(),
  details: z.record(z.string(), z.unknown()),
  metadata: Metadata,
});
export type Envelope = z.infer<typeof Envelope>;
export type Metadata = z.infer<typeof Metadata>;

/**
 * A failure that becomes an UNSAFE or CAUTION envelope, never a protocol error; its code is the
 * server kit's, so a program reads `details.error.code` the same way from every BooCode server.
 */
export class ToolFailure extends ToolError {
  constructor(
    readonly verdict: 'UNSAFE' | 'CAUTION',
    code: ToolErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(code, message);
    this.name = 'ToolFailure';
  }
}
