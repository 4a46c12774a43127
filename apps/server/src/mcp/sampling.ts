import type { SamplingAnswer, SamplingRequest } from '@boocode/mcp-hub';
import type { ModelConfig } from '../config/env.js';
import type { ChatMessage } from '../inference/messages.js';
import { streamChat } from '../inference/model-stream.js';

/** Answers a server's sampling request with BooCode's own model endpoint (no tools). */
export async function sampleWithModel(
  config: ModelConfig,
  request: SamplingRequest,
  signal: AbortSignal,
): Promise<SamplingAnswer> {
  const messages: ChatMessage[] = [
    ...(request.systemPrompt ? [{ role: 'system' as const, content: request.systemPrompt }] : []),
    ...request.messages.map((m) => ({ role: m.role, content: m.text })),
  ];
  const reply = await streamChat(
    config,
    {
      model: config.model,
      messages,
      tools: [],
      maxTokens: request.maxTokens,
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    },
    () => {},
    signal,
  );
  return {
    text: reply.text,
    model: config.model,
    stopReason: reply.finishReason === 'length' ? 'maxTokens' : 'endTurn',
  };
}
