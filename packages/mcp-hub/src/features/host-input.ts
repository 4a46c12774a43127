import {
  type Client,
  type ClientCapabilities,
  type CreateMessageResult,
  type ElicitResult,
  ProtocolError,
} from '@modelcontextprotocol/client';

/**
 * A server asks the user for input (`elicitation/create`, form mode). The SDK has checked the
 * request's shape; `requestedSchema` is a flat object schema of strings, numbers, booleans and enums.
 */
export interface ElicitationRequest {
  server: string;
  message: string;
  requestedSchema: Record<string, unknown>;
}

/** The user's answer. Fields left out of an accepted `content` get the schema's defaults. */
export type ElicitationAnswer =
  | { action: 'accept'; content: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' }
  | { action: 'cancel' };

/** A server asks the host's model for a completion (`sampling/createMessage`), text parts only. */
export interface SamplingRequest {
  server: string;
  systemPrompt?: string;
  messages: { role: 'user' | 'assistant'; text: string }[];
  maxTokens: number;
  /** What the server asked for, when the host's cap lowered `maxTokens`. */
  requestedMaxTokens?: number;
  temperature?: number;
  /** The server's model hints, best first; a host may ignore them. */
  modelHints: string[];
}

export interface SamplingAnswer {
  text: string;
  model: string;
  stopReason?: string;
}

/**
 * What a host can do when a server asks it for something. Each handler declared here makes the hub
 * declare the matching client capability; without one the server is never told it may ask.
 */
export interface HostInput {
  elicit?: (request: ElicitationRequest, signal: AbortSignal) => Promise<ElicitationAnswer>;
  sample?: (request: SamplingRequest, signal: AbortSignal) => Promise<SamplingAnswer>;
}

/** JSON-RPC error code the MCP spec gives to a user's refusal of a sampling request. */
const USER_REJECTED = -1;

/** Thrown by a host's `sample` handler to refuse: the server receives the message as the reason. */
export class SamplingDeclined extends Error {
  override name = 'SamplingDeclined';
}

export function hostInputCapabilities(input: HostInput | undefined): ClientCapabilities {
  return {
    ...(input?.elicit ? { elicitation: { form: { applyDefaults: true } } } : {}),
    ...(input?.sample ? { sampling: {} } : {}),
  };
}

/** Answers the server's elicitation and sampling requests with the host's handlers. */
export function registerHostInput(client: Client, server: string, input: HostInput | undefined): void {
  const { elicit, sample } = input ?? {};
  if (elicit) {
    client.setRequestHandler('elicitation/create', async (request, ctx): Promise<ElicitResult> => {
      const params = request.params;
      // URL-mode elicitation is not declared, so the SDK has refused it before this runs.
      if (params.mode === 'url') return { action: 'decline' };
      return elicit(
        {
          server,
          message: params.message,
          requestedSchema: params.requestedSchema as Record<string, unknown>,
        },
        ctx.mcpReq.signal,
      );
    });
  }
  if (sample) {
    client.setRequestHandler('sampling/createMessage', async (request, ctx): Promise<CreateMessageResult> => {
      const params = request.params;
      try {
        const answer = await sample(
          {
            server,
            ...(params.systemPrompt ? { systemPrompt: params.systemPrompt } : {}),
            messages: params.messages.map((m) => ({ role: m.role, text: samplingText(m.content) })),
            maxTokens: params.maxTokens,
            ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
            modelHints: (params.modelPreferences?.hints ?? []).flatMap((h) => (h.name ? [h.name] : [])),
          },
          ctx.mcpReq.signal,
        );
        return {
          role: 'assistant',
          content: { type: 'text', text: answer.text },
          model: answer.model,
          ...(answer.stopReason ? { stopReason: answer.stopReason } : {}),
        };
      } catch (error) {
        if (error instanceof SamplingDeclined) throw new ProtocolError(USER_REJECTED, error.message);
        throw error;
      }
    });
  }
}

/** A sampling message's text; images and audio become a marker the model can read. */
function samplingText(content: unknown): string {
  const blocks = (Array.isArray(content) ? content : [content]) as { type?: string; text?: unknown }[];
  return blocks
    .map((block) =>
      block.type === 'text' && typeof block.text === 'string'
        ? block.text
        : `[${block.type ?? 'unknown'} content]`,
    )
    .join('\n');
}
