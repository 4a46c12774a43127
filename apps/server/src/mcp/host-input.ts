import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { McpInputAnswer, McpInputRequest } from '@boocode/api-types';
import {
  type ElicitationAnswer,
  type ElicitationRequest,
  type HostInput,
  type SamplingAnswer,
  SamplingDeclined,
  type SamplingRequest,
} from '@boocode/mcp-hub';
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { SamplingPolicies } from './sampling-policy.js';

/** A request nobody answers is cancelled after this long (the server hears `cancel`). */
export const INPUT_TIMEOUT_MS = 10 * 60_000;

export interface HostInputDeps {
  policies: SamplingPolicies;
  /** Runs BooCode's model for a server; undefined when no model endpoint is configured. */
  runModel?: (request: SamplingRequest, signal: AbortSignal) => Promise<SamplingAnswer>;
  warn: (message: string) => void;
  timeoutMs?: number;
}

/** A request as it is raised, before it has an id and a time (each kind keeps its own fields). */
type Unstamped<R> = R extends McpInputRequest ? Omit<R, 'id' | 'createdAt'> : never;
type NewRequest = Unstamped<McpInputRequest>;

interface Pending {
  request: McpInputRequest;
  settle: (answer: McpInputAnswer | undefined) => void;
}

/**
 * Puts servers' elicitation and sampling requests in front of the user: each waits here until an
 * open page answers it (`input-requested` on the MCP event stream), the server gives up, or the
 * time runs out. With no page attached there is nobody to ask: forms are declined and sampling
 * refused, with the reason in the log and, for sampling, in the refusal.
 */
export class HostInputBroker extends EventEmitter<{ requested: [McpInputRequest]; settled: [string] }> {
  /** Pages watching the MCP event stream; each is a person who could answer. */
  watchers = 0;
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly deps: HostInputDeps) {
    super();
    this.setMaxListeners(0);
  }

  hostInput(): HostInput {
    return {
      elicit: (request, signal) => this.elicit(request, signal),
      sample: (request, signal) => this.sample(request, signal),
    };
  }

  list(): McpInputRequest[] {
    return [...this.pending.values()].map((p) => p.request);
  }

  /** Answers a waiting request; the answer's shape must fit the request's kind. */
  answer(id: string, answer: McpInputAnswer): void {
    const pending = this.pending.get(id);
    if (!pending)
      throw new AppError('NOT_FOUND', `no MCP request ${id} is waiting (answered, withdrawn or timed out)`);
    const fits = pending.request.kind === 'sampling' ? 'approve' in answer : 'action' in answer;
    if (!fits) {
      throw new AppError(
        'BAD_REQUEST',
        pending.request.kind === 'sampling'
          ? 'a sampling request is answered with { "approve": true|false }'
          : 'a form is answered with { "action": "accept", "content": {…} }, "decline" or "cancel"',
      );
    }
    if (pending.request.kind === 'elicitation' && 'action' in answer && answer.action === 'accept')
      checkFormContent(pending.request.requestedSchema, answer.content);
    pending.settle(answer);
  }

  private async elicit(request: ElicitationRequest, signal: AbortSignal): Promise<ElicitationAnswer> {
    if (this.watchers === 0) {
      this.deps.warn(
        `mcp: ${request.server} asked for input (${request.message}); declined: no BooCode page is open`,
      );
      return { action: 'decline' };
    }
    const answer = await this.ask({ kind: 'elicitation', ...request }, signal);
    if (!answer || !('action' in answer)) return { action: 'cancel' };
    return answer;
  }

  private async sample(request: SamplingRequest, signal: AbortSignal): Promise<SamplingAnswer> {
    const { runModel, policies } = this.deps;
    if (!runModel)
      throw new SamplingDeclined(
        'sampling declined: BooCode has no model endpoint configured (LLM_BASE_URL)',
      );
    const policy = policies.get(request.server);
    if (policy === 'never')
      throw new SamplingDeclined(`sampling declined: the user does not let ${request.server} use the model`);
    if (policy === 'ask') {
      if (this.watchers === 0)
        throw new SamplingDeclined('sampling declined: no BooCode page is open to approve it');
      const answer = await this.ask(
        {
          kind: 'sampling',
          server: request.server,
          messages: request.messages,
          maxTokens: request.maxTokens,
          ...(request.requestedMaxTokens ? { requestedMaxTokens: request.requestedMaxTokens } : {}),
          ...(request.systemPrompt ? { systemPrompt: request.systemPrompt } : {}),
        },
        signal,
      );
      if (!answer || !('approve' in answer))
        throw new SamplingDeclined('sampling declined: nobody approved it in time');
      if (answer.remember) policies.set(request.server, answer.remember);
      if (!answer.approve) throw new SamplingDeclined('sampling declined by the user');
    }
    return runModel(request, signal);
  }

  /** Waits for the user's answer; `undefined` when the server gave up or the time ran out. */
  private ask(request: NewRequest, signal: AbortSignal): Promise<McpInputAnswer | undefined> {
    const full = { ...request, id: randomUUID(), createdAt: Date.now() } as McpInputRequest;
    return new Promise((resolve) => {
      const settle = (answer: McpInputAnswer | undefined) => {
        if (!this.pending.delete(full.id)) return;
        clearTimeout(timer);
        signal.removeEventListener('abort', withdrawn);
        this.emit('settled', full.id);
        resolve(answer);
      };
      const withdrawn = () => settle(undefined);
      const timer = setTimeout(withdrawn, this.deps.timeoutMs ?? INPUT_TIMEOUT_MS);
      timer.unref();
      signal.addEventListener('abort', withdrawn, { once: true });
      this.pending.set(full.id, { request: full, settle });
      this.emit('requested', full);
    });
  }
}

/**
 * An accepted form's content against the schema the server sent (types, enums, required fields,
 * string formats and lengths, number bounds), whoever posted it: a wrong value is a 400 that names
 * the field, and the server never sees it. The schema is read by zod's own JSON Schema reader.
 */
function checkFormContent(requestedSchema: Record<string, unknown>, content: unknown): void {
  let schema: z.ZodType;
  try {
    schema = z.fromJSONSchema(requestedSchema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    // A schema zod cannot read was already accepted by the SDK's own check; nothing more to hold.
    return;
  }
  const checked = schema.safeParse(content);
  if (checked.success) return;
  const problems = checked.error.issues.map((issue) =>
    issue.path.length ? `field "${issue.path.join('.')}": ${issue.message}` : issue.message,
  );
  throw new AppError(
    'BAD_REQUEST',
    `the form's content does not fit what the server asked for: ${problems.join('; ')}`,
  );
}
