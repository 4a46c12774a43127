import type { ToolContext } from '@boocode/mcp-server-kit';
import type { Envelope } from '../envelope.js';
import { ToolFailure } from '../envelope.js';
import type { AllowedRoots } from '../roots.js';
import type { ToolDefinition } from './define.js';

/**
 * Runs one tool on arguments its schema has already parsed and wraps the answer in the verdict
 * envelope. Every failure becomes an UNSAFE or CAUTION envelope, never a thrown error.
 * `answered` hears the root, once allowed, when the tool has answered.
 */
export async function runTool(
  tool: ToolDefinition,
  roots: AllowedRoots,
  args: Record<string, unknown>,
  ctx: ToolContext,
  answered?: (root: string) => void,
): Promise<Envelope> {
  const started = performance.now();
  const metadata = (source: Envelope['metadata']['source'], truncated: boolean) => ({
    source,
    tool: tool.name,
    duration_ms: Math.round(performance.now() - started),
    truncated,
  });
  let root: string | undefined;
  try {
    root = roots.check(args.root as string | undefined);
    const answer = await tool.run(args, root, ctx);
    return {
      verdict: answer.verdict,
      summary: answer.summary,
      details: answer.details,
      metadata: {
        ...metadata(answer.source, answer.truncated ?? false),
        ...(answer.notes ? { notes: answer.notes } : {}),
      },
    };
  } catch (error) {
    const failure =
      error instanceof ToolFailure
        ? error
        : new ToolFailure('UNSAFE', 'INTERNAL', `${tool.name} failed: ${(error as Error).message}`);
    return {
      verdict: failure.verdict,
      summary: failure.message,
      details: { ...failure.details, error: { code: failure.code, message: failure.message } },
      metadata: metadata('scanner', false),
    };
  } finally {
    if (root !== undefined) answered?.(root);
  }
}
