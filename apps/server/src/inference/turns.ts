import type { TurnEvent, TurnEventBody } from '@boocode/api-types';
import type { ToolProgress } from '@boocode/mcp-hub';
import { rateGate } from '@boocode/mcp-server-kit';
import type { Agent } from '../agents/agents-md.js';
import type { AppConfig } from '../config/env.js';
import type { Store } from '../db/store.js';
import { AppError, describeError } from '../errors.js';
import type { ToolRegistry } from '../tools/registry.js';
import { offeredTools } from '../tools/search/tool-search.js';
import type { ToolDef } from '../tools/types.js';
import type { ChatTool, ChatToolCall } from './messages.js';
import { ModelError, streamChat } from './model-stream.js';
import { buildConversation, DEFAULT_SYSTEM_PROMPT, fitContext } from './prompt.js';

/** The partial answer reaches the database at least this often (the bound is 500 ms). */
const FLUSH_INTERVAL_MS = 250;
/** Cap on a tool result as sent in an event; the stored part keeps all of it. */
const EVENT_OUTPUT_CAP = 200_000;
/**
 * A finished turn's events stay in memory this long, and at most this many bytes of them over all
 * sessions, for a watcher that reconnects right as it ends; after that the stored messages are
 * the record, and only the turn's `done` event is kept (so a resuming watcher still learns of it).
 */
const FINISHED_RETAIN_MS = 30_000;
const FINISHED_RETAIN_BYTES = 16 * 1024 * 1024;

type Listener = (event: TurnEvent) => void;

interface TurnEnding {
  status: 'done' | 'cancelled' | 'interrupted' | 'failed';
  failure: string | null;
}

interface StepInput {
  model: NonNullable<AppConfig['model']>;
  agent: Agent | undefined;
  messageId: string;
  modelName: string;
  step: number;
  text: StreamedText;
}

/** The text of one model step as it streams: one part, rewritten in the store at most every FLUSH_INTERVAL_MS. */
class StreamedText {
  private text = '';
  private partId: number | undefined;
  private dirty = false;
  private readonly timer = setInterval(() => this.flush(), FLUSH_INTERVAL_MS);

  constructor(
    private readonly store: Store,
    private readonly messageId: string,
  ) {}

  /** Each step's text is a part of its own. */
  startStep(): void {
    this.text = '';
    this.partId = undefined;
  }

  append(delta: string): void {
    this.text += delta;
    if (this.partId === undefined)
      this.partId = this.store.addPart(this.messageId, { type: 'text', text: this.text });
    else this.dirty = true;
  }

  flush(): void {
    if (this.dirty && this.partId !== undefined)
      this.store.updatePart(this.partId, { type: 'text', text: this.text });
    this.dirty = false;
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
  }
}

interface ActiveTurn {
  id: string;
  sessionId: string;
  events: TurnEvent[];
  /** About how much memory `events` holds (their text), for the retention cap. */
  bytes: number;
  done: boolean;
  finishedAt?: number;
  /** Set once the events were let go: the last event, which is the turn's `done`. */
  lastEvent?: TurnEvent;
  controller: AbortController;
  finished: Promise<void>;
}

class StopTurn extends Error {
  constructor(readonly status: 'cancelled' | 'interrupted') {
    super(status);
  }
}

export interface TurnDeps {
  store: Store;
  tools: ToolRegistry;
  agents: () => Agent[];
  config: AppConfig;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

/**
 * A turn's events are kept for replay until it settles: a server sending progress in a tight loop
 * may not fill that memory. At most one update per 100 ms reaches watchers, and always the last.
 */
function throttled(send: (progress: ToolProgress) => void): (progress: ToolProgress) => void {
  const gate = rateGate(100);
  return (progress) => {
    if (gate(progress.total !== undefined && progress.progress >= progress.total)) send(progress);
  };
}

/**
 * Runs turns on the server, whether or not anyone watches: events are kept in memory for replay
 * (the latest turn of each session) and fanned out to watchers; everything is written through to
 * SQLite. Only `cancel` (or shutdown) stops a turn.
 */
export class TurnManager {
  private readonly latest = new Map<string, ActiveTurn>();
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Finished turns still holding their events, oldest first. */
  private readonly retained: ActiveTurn[] = [];
  private retainedBytes = 0;
  private evictTimer?: NodeJS.Timeout;

  constructor(private readonly deps: TurnDeps) {}

  resolveAgent(name: string | null | undefined): Agent | undefined {
    if (!name) return undefined;
    const agent = this.deps.agents().find((a) => a.name === name);
    if (!agent) throw new AppError('UNKNOWN_AGENT', `no agent named "${name}" in AGENTS.md`);
    return agent;
  }

  running(sessionId: string): ActiveTurn | undefined {
    const turn = this.latest.get(sessionId);
    return turn && !turn.done ? turn : undefined;
  }

  /** Persists the user's message, starts the turn in the background, and returns at once. */
  start(sessionId: string, content: string): { turnId: string; messageId: string } {
    const { store, config } = this.deps;
    const session = store.getSession(sessionId);
    if (!session) throw new AppError('NOT_FOUND', `no session ${sessionId}`);
    if (!config.model) {
      throw new AppError(
        'NO_MODEL',
        'no model configured: set LLM_BASE_URL (an OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1) and LLM_MODEL, then restart BooCode',
      );
    }
    if (this.running(sessionId)) {
      throw new AppError('CONFLICT', 'this session is already answering; wait for it or cancel it first');
    }
    const agent = this.resolveAgent(session.agent);
    const model = agent?.model ?? config.model.model;
    const { turn, userMessageId, messageId } = store.transaction(() => {
      const turn = store.startTurn(sessionId, { model, agent: agent?.name ?? null });
      const userMessageId = store.addMessage(sessionId, turn.id, 'user', 'complete');
      store.addPart(userMessageId, { type: 'text', text: content });
      store.titleFromFirstMessage(sessionId, content);
      const messageId = store.addMessage(sessionId, turn.id, 'assistant', 'streaming');
      return { turn, userMessageId, messageId };
    });
    const active: ActiveTurn = {
      id: turn.id,
      sessionId,
      events: [],
      bytes: 0,
      done: false,
      controller: new AbortController(),
      finished: Promise.resolve(),
    };
    this.latest.set(sessionId, active);
    this.emit(active, {
      type: 'turn-start',
      sessionId,
      userMessageId,
      messageId,
      agent: agent?.name ?? null,
      model,
    });
    active.finished = this.run(active, agent, messageId, model);
    return { turnId: turn.id, messageId };
  }

  cancel(sessionId: string): boolean {
    const turn = this.running(sessionId);
    if (!turn) return false;
    turn.controller.abort(new StopTurn('cancelled'));
    return true;
  }

  /**
   * Watches a session: replays the latest turn's events after `lastEventId` (`<turnId>:<seq>`),
   * then delivers live events of this and later turns until unsubscribed.
   */
  subscribe(
    sessionId: string,
    listener: Listener,
    lastEventId?: string,
  ): { replay: TurnEvent[]; unsubscribe: () => void } {
    const set = this.listeners.get(sessionId) ?? new Set();
    set.add(listener);
    this.listeners.set(sessionId, set);
    const turn = this.latest.get(sessionId);
    let replay: TurnEvent[] = turn?.events ?? [];
    if (turn && lastEventId) {
      const [turnId, seqText] = lastEventId.split(':');
      if (turnId === turn.id) {
        const after = Number(seqText);
        replay = turn.lastEvent
          ? turn.lastEvent.seq > after
            ? [turn.lastEvent]
            : []
          : turn.events.filter((e) => e.seq > after);
      }
    }
    return {
      replay: [...replay],
      unsubscribe: () => {
        set.delete(listener);
        if (set.size === 0) this.listeners.delete(sessionId);
      },
    };
  }

  /** Stops every running turn as interrupted and waits until its state is written. */
  async shutdown(): Promise<void> {
    const running = [...this.latest.values()].filter((t) => !t.done);
    for (const turn of running) turn.controller.abort(new StopTurn('interrupted'));
    await Promise.all(running.map((t) => t.finished));
  }

  forget(sessionId: string): void {
    this.cancel(sessionId);
    const turn = this.latest.get(sessionId);
    this.latest.delete(sessionId);
    if (turn?.done) this.release(turn);
  }

  /** Lets a finished turn's events go (after the retention time, or to stay under the byte cap). */
  private release(turn: ActiveTurn): void {
    const index = this.retained.indexOf(turn);
    if (index >= 0) this.retained.splice(index, 1);
    else if (turn.lastEvent) return;
    this.retainedBytes -= turn.bytes;
    turn.lastEvent = turn.events.at(-1);
    turn.events = [];
    turn.bytes = 0;
  }

  private retain(turn: ActiveTurn): void {
    turn.finishedAt = Date.now();
    this.retained.push(turn);
    this.retainedBytes += turn.bytes;
    this.evict();
  }

  private evict(): void {
    const now = Date.now();
    for (let oldest = this.retained[0]; oldest; oldest = this.retained[0]) {
      const expired = now - (oldest.finishedAt ?? now) >= FINISHED_RETAIN_MS;
      if (!expired && this.retainedBytes <= FINISHED_RETAIN_BYTES) break;
      this.release(oldest);
    }
    clearTimeout(this.evictTimer);
    const next = this.retained[0];
    if (next) {
      this.evictTimer = setTimeout(
        () => this.evict(),
        FINISHED_RETAIN_MS - (now - (next.finishedAt ?? now)) + 1,
      );
      this.evictTimer.unref();
    }
  }

  private emit(turn: ActiveTurn, body: TurnEventBody): void {
    const event = { ...body, turnId: turn.id, seq: turn.events.length + 1 } as TurnEvent;
    turn.events.push(event);
    turn.bytes +=
      200 + ('delta' in event ? event.delta.length : 0) + ('output' in event ? event.output.length : 0);
    for (const listener of this.listeners.get(turn.sessionId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        this.deps.log.warn({ err: error }, 'event listener failed');
      }
    }
  }

  /** `modelName`: the one `start` stored for the turn (the agent's own, else LLM_MODEL). */
  private async run(
    turn: ActiveTurn,
    agent: Agent | undefined,
    messageId: string,
    modelName: string,
  ): Promise<void> {
    const model = this.deps.config.model;
    if (!model) return;
    const text = new StreamedText(this.deps.store, messageId);
    let ending: TurnEnding = { status: 'done', failure: null };
    try {
      let answered = false;
      for (let step = 1; step <= model.maxSteps && !answered; step++)
        answered = await this.step(turn, { model, agent, messageId, modelName, step, text });
      if (!answered) {
        const message = `stopped after ${model.maxSteps} model steps (LLM_MAX_STEPS) without a final answer`;
        this.report(turn, messageId, { type: 'error', code: 'STEP_LIMIT', message });
      }
    } catch (error) {
      ending = this.ended(turn, messageId, error);
    } finally {
      text.close();
      this.deps.store.transaction(() => {
        const { status } = ending;
        this.deps.store.setMessageStatus(
          messageId,
          status === 'done' || status === 'failed' ? 'complete' : status,
        );
        this.deps.store.finishTurn(turn.id, status, ending.failure);
      });
      turn.done = true;
      this.emit(turn, { type: 'done', status: ending.status });
      this.retain(turn);
    }
  }

  /** One request to the model and the tool calls it asks for; true when it answered without any. */
  private async step(
    turn: ActiveTurn,
    { model, agent, messageId, modelName, step, text }: StepInput,
  ): Promise<boolean> {
    const { store, config, tools: registry } = this.deps;
    // The agent's tool list is read at every step, so MCP tools that arrive mid-turn are seen.
    const allowed = registry.forAgent(agent);
    const history = store.messages(turn.sessionId, { outputCap: config.toolResultBudget });
    const offered = offeredTools(allowed, history, config.toolSearch);
    const chatTools: ChatTool[] = offered.tools.map((t) => ({
      type: 'function',
      function: { name: t.name, description: t.description, parameters: t.inputSchema },
    }));
    const conversation = buildConversation(
      agent?.systemPrompt || DEFAULT_SYSTEM_PROMPT,
      history,
      config.toolResultBudget,
    );
    const fitted = fitContext(conversation, chatTools, model.contextWindow);
    if (step === 1)
      this.checkToolBudget(turn, messageId, chatTools.length, fitted.toolTokens, model.contextWindow);
    if (fitted.compacted > 0) {
      const message = `${fitted.compacted} older tool result(s) were left out of the model's context to fit its ${model.contextWindow}-token window (LLM_CONTEXT_WINDOW); they are still stored here.`;
      this.report(turn, messageId, { type: 'notice', message });
    }
    text.startStep();
    const reply = await streamChat(
      model,
      { model: modelName, messages: fitted.messages, tools: chatTools },
      (delta) => {
        text.append(delta);
        this.emit(turn, { type: 'text-delta', messageId, delta });
      },
      turn.controller.signal,
    );
    text.flush();
    if (reply.toolCalls.length === 0) return true;
    // Any tool the agent may use can be called, also one tool search has not loaded yet.
    const callable = new Map([...allowed, ...offered.tools].map((t) => [t.name, t]));
    await this.runTools(turn, messageId, reply.toolCalls, callable, agent, turn.controller.signal);
    return false;
  }

  /** How a turn that threw ends: stopped on purpose (cancel, shutdown) or failed, with the error stored. */
  private ended(turn: ActiveTurn, messageId: string, error: unknown): TurnEnding {
    const { signal } = turn.controller;
    if (signal.aborted && signal.reason instanceof StopTurn)
      return { status: signal.reason.status, failure: null };
    const failure = describeError(error);
    const code =
      error instanceof ModelError ? 'MODEL_ERROR' : error instanceof AppError ? error.code : 'TURN_FAILED';
    if (!(error instanceof ModelError) && !(error instanceof AppError))
      this.deps.log.error({ err: error }, 'turn failed');
    this.report(turn, messageId, { type: 'error', code, message: failure });
    return { status: 'failed', failure };
  }

  /** A notice or error the user sees: stored with the answer and sent to watchers. */
  private report(
    turn: ActiveTurn,
    messageId: string,
    part: { type: 'notice'; message: string } | { type: 'error'; code: string; message: string },
  ): void {
    this.deps.store.addPart(messageId, part);
    this.emit(turn, part);
  }

  /**
   * The tool schemas go with every request: past the context window there is no point sending one
   * (thousands of MCP tools made 13 MB requests), and past half of it the user should hear why
   * answers degrade.
   */
  private checkToolBudget(
    turn: ActiveTurn,
    messageId: string,
    count: number,
    tokens: number,
    window: number,
  ) {
    const advice = `give this agent fewer tools in AGENTS.md (e.g. tools: [view_file, grep, boocontext_*]) or disable MCP servers`;
    if (tokens > window * 0.85) {
      throw new AppError(
        'TOOLS_EXCEED_CONTEXT',
        `the ${count} tool schemas alone take ~${tokens} tokens, more than the model's ${window}-token context window (LLM_CONTEXT_WINDOW); ${advice}`,
      );
    }
    if (tokens > window * 0.5) {
      const message = `the ${count} tool schemas take ~${tokens} of the model's ${window} tokens (LLM_CONTEXT_WINDOW); ${advice}`;
      this.report(turn, messageId, { type: 'notice', message });
    }
  }

  /** One step's tool calls run concurrently; each result is stored in full and goes back to the model. */
  private async runTools(
    turn: ActiveTurn,
    messageId: string,
    calls: ChatToolCall[],
    callable: ReadonlyMap<string, ToolDef>,
    agent: Agent | undefined,
    signal: AbortSignal,
  ): Promise<void> {
    const { store, tools: registry } = this.deps;
    const prepared = calls.map((call, index) => {
      const callId = call.id || `call_${turn.id.slice(0, 8)}_${index}`;
      let args: Record<string, unknown> | undefined;
      let argError: string | undefined;
      try {
        const parsed: unknown =
          call.function.arguments.trim() === '' ? {} : JSON.parse(call.function.arguments);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
          argError = 'arguments must be a JSON object';
        else args = parsed as Record<string, unknown>;
      } catch {
        argError = `arguments are not valid JSON: ${call.function.arguments.slice(0, 200)}`;
      }
      const tool = callable.get(call.function.name);
      const part = {
        callId,
        name: call.function.name,
        arguments: args ?? call.function.arguments,
        ...(tool?.server ? { server: tool.server } : {}),
      };
      store.addPart(messageId, { type: 'tool_call', ...part });
      this.emit(turn, { type: 'tool-call', messageId, ...part });
      return { callId, name: call.function.name, args, argError, tool };
    });
    await Promise.all(
      prepared.map(async ({ callId, name, args, argError, tool }) => {
        const started = performance.now();
        let result: { error: boolean; output: string };
        if (!tool) {
          result = { error: true, output: registry.explainMissing(name, [...callable.keys()], agent) };
        } else if (argError || !args) {
          result = { error: true, output: `${argError}; call ${name} again with a JSON object of arguments` };
        } else {
          result = await tool.run(args, {
            signal,
            onProgress: throttled((progress) =>
              this.emit(turn, { type: 'tool-progress', messageId, callId, ...progress }),
            ),
          });
        }
        if (signal.aborted) throw signal.reason;
        const durationMs = Math.round(performance.now() - started);
        store.addPart(messageId, {
          type: 'tool_result',
          callId,
          name,
          output: result.output,
          error: result.error,
          durationMs,
        });
        const truncated = result.output.length > EVENT_OUTPUT_CAP;
        this.emit(turn, {
          type: 'tool-result',
          messageId,
          callId,
          name,
          // A copy: a slice would keep the whole (possibly huge) output alive with the event.
          output: truncated
            ? Buffer.from(result.output.slice(0, EVENT_OUTPUT_CAP)).toString()
            : result.output,
          error: result.error,
          durationMs,
          truncated,
        });
      }),
    );
  }
}
