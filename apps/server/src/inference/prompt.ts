import type { Message } from '@boocode/api-types';
import type { ChatMessage, ChatTool } from './messages.js';

export const DEFAULT_SYSTEM_PROMPT = `You are BooCode, a read-only coding assistant working in one workspace (a code repository).
Use the tools to look at the code before you answer; never guess file contents. You cannot change files:
explain, point to exact files and lines, and propose changes as snippets the user can apply.
When a tool returns an error, read it and try a corrected call or another tool.`;

/** Rough token count: about four characters a token for code and English; good enough for budgeting. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

const prefixOf = (result: { error: boolean }) => (result.error ? 'Error: ' : '');

/** Cuts a tool result to the per-result budget before it enters the context; the full result stays stored. */
export function trimForModel(output: string, budget: number, fullLength = output.length): string {
  if (fullLength <= budget) return output;
  const head = output.slice(0, budget);
  return `${head}\n[${fullLength - head.length} more characters not shown to save context; the full result is stored. Ask for a narrower range if you need them.]`;
}

/**
 * Rebuilds the Chat Completions conversation from stored messages. One stored assistant message
 * holds a whole turn: text and tool calls of each step, then that step's results, step after step.
 * A tool call left without a result (an interrupted turn) gets one saying so, because providers
 * reject a tool call that is never answered.
 */
export function buildConversation(
  systemPrompt: string,
  history: readonly Message[],
  toolResultBudget: number,
): ChatMessage[] {
  const out: ChatMessage[] = [{ role: 'system', content: systemPrompt }];
  for (const message of history) {
    if (message.role === 'user') {
      const text = message.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
      out.push({ role: 'user', content: text });
      continue;
    }
    let step: { text: string; calls: { id: string; name: string; args: string }[] } | undefined;
    const closeStep = () => {
      if (!step) return;
      if (step.text || step.calls.length) {
        out.push({
          role: 'assistant',
          content: step.text || null,
          ...(step.calls.length
            ? {
                tool_calls: step.calls.map((c) => ({
                  id: c.id,
                  type: 'function' as const,
                  function: { name: c.name, arguments: c.args },
                })),
              }
            : {}),
        });
      }
      for (const call of step.calls) {
        const result = results.get(call.id);
        out.push({
          role: 'tool',
          tool_call_id: call.id,
          content: result
            ? trimForModel(
                prefixOf(result) + result.output,
                toolResultBudget,
                prefixOf(result).length + (result.outputLength ?? result.output.length),
              )
            : 'Error: no result; the turn ended before this tool call finished.',
        });
      }
      step = undefined;
    };
    const results = new Map<string, { output: string; error: boolean; outputLength?: number }>();
    for (const part of message.parts) if (part.type === 'tool_result') results.set(part.callId, part);
    for (const part of message.parts) {
      if (part.type === 'text') {
        if (step?.calls.length) closeStep();
        step ??= { text: '', calls: [] };
        step.text += part.text;
      } else if (part.type === 'tool_call') {
        step ??= { text: '', calls: [] };
        step.calls.push({ id: part.callId, name: part.name, args: JSON.stringify(part.arguments ?? {}) });
      }
    }
    closeStep();
  }
  return out;
}

/**
 * Keeps the request inside the model's context window: the oldest tool results are replaced by a
 * short note first, since they are the bulk of a coding chat and the least likely still needed.
 */
export function fitContext(
  messages: ChatMessage[],
  tools: ChatTool[],
  contextWindow: number,
): { messages: ChatMessage[]; compacted: number; tokens: number; toolTokens: number } {
  const budget = Math.floor(contextWindow * 0.85);
  const fixed = estimateTokens(JSON.stringify(tools));
  const sizeOf = (m: ChatMessage) => estimateTokens(JSON.stringify(m));
  let total = fixed + messages.reduce((sum, m) => sum + sizeOf(m), 0);
  let compacted = 0;
  const result = [...messages];
  for (let i = 0; i < result.length && total > budget; i++) {
    const message = result[i];
    if (message?.role !== 'tool' || message.content.length < 200) continue;
    const replacement: ChatMessage = {
      role: 'tool',
      tool_call_id: message.tool_call_id,
      content: '[older tool result removed to fit the context window; call the tool again if you need it]',
    };
    total += sizeOf(replacement) - sizeOf(message);
    result[i] = replacement;
    compacted++;
  }
  return { messages: result, compacted, tokens: total, toolTokens: fixed };
}
