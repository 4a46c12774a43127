import type { ToolContext, ToolErrorCode } from '@boocode/mcp-server-kit';
import type { ChildName, ChildServerManager } from '../children/manager.js';
import { ToolFailure, type Verdict } from '../envelope.js';
import type { Details } from './define.js';

/**
 * Calls a child tool and turns its answer into an envelope verdict: partial or truncated data is
 * CAUTION, and a child's refusal keeps the child's error code.
 */
export async function viaChild(
  children: ChildServerManager,
  child: ChildName,
  name: string,
  args: Details,
  ctx: ToolContext,
): Promise<{ data: Details; verdict: Verdict }> {
  const result = await children.call(child, name, args, ctx);
  if (result.isError) {
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    const code = (result.structuredContent as { error?: { code?: ToolErrorCode } } | undefined)?.error?.code;
    throw new ToolFailure('CAUTION', code ?? 'INTERNAL', `${text} (from ${child})`);
  }
  const data = (result.structuredContent ?? {}) as Details;
  const partial = data.partial === true || data.truncated === true;
  return { data, verdict: partial ? 'CAUTION' : 'SAFE' };
}
