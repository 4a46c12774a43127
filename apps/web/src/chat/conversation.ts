import type { ChatMessage, SessionDetail, ToolProgress, TurnEvent } from '../core/api.js';

/** The id a user message has from Send until the turn-start event names it. */
export const PENDING = 'pending-user-message';

/** What the chat shows of one session, built from its stored messages and its turns' live events. */
export interface Conversation {
  messages: ChatMessage[];
  /** Turns already complete when the session was loaded: their replayed events are ignored. */
  settledTurns: Set<string>;
  runningTurn?: string;
  /** Progress of calls still running, by call id: shown on their cards, never stored. */
  progress: Map<string, ToolProgress>;
  /** Who answered each turn, by turn id: shown under each answer. */
  answeredBy: Map<string, { model: string | null; agent: string | null }>;
}

export const emptyConversation = (): Conversation => ({
  messages: [],
  settledTurns: new Set(),
  progress: new Map(),
  answeredBy: new Map(),
});

/** A stored session as the chat shows it; a running turn is rebuilt from its replayed events. */
export function conversationOf(detail: SessionDetail): Conversation {
  const running = detail.runningTurnId ?? undefined;
  return {
    // Its stored partial answer is dropped rather than shown twice.
    messages: detail.messages.filter((m) => !(m.role === 'assistant' && m.turnId && m.turnId === running)),
    settledTurns: new Set(detail.turns.filter((t) => t.id !== running).map((t) => t.id)),
    ...(running ? { runningTurn: running } : {}),
    progress: new Map(),
    answeredBy: new Map(detail.turns.map((t) => [t.id, { model: t.model, agent: t.agent }])),
  };
}

/** What an event means beyond the conversation itself, for the chat to act on. */
export interface EventOutcome {
  /** A turn started (true) or ended (false). */
  running?: boolean;
  /** The user message of a turn started elsewhere (another tab), to be fetched. */
  missingUserMessage?: string;
}

function assistantFor(c: Conversation, turnId: string, messageId: string): ChatMessage {
  let message = c.messages.find((m) => m.id === messageId);
  if (!message) {
    message = {
      id: messageId,
      role: 'assistant',
      turnId,
      status: 'streaming',
      createdAt: Date.now(),
      parts: [],
    };
    c.messages.push(message);
  }
  return message;
}

/** Applies one turn event to the conversation; `undefined` when it belongs to a settled turn. */
export function applyTurnEvent(c: Conversation, event: TurnEvent): EventOutcome | undefined {
  if (c.settledTurns.has(event.turnId)) return undefined;
  switch (event.type) {
    case 'turn-start': {
      c.runningTurn = event.turnId;
      c.answeredBy.set(event.turnId, { model: event.model, agent: event.agent });
      const pending = c.messages.find((m) => m.id === PENDING);
      let missingUserMessage: string | undefined;
      if (pending) {
        pending.id = event.userMessageId;
        pending.turnId = event.turnId;
      } else if (!c.messages.some((m) => m.id === event.userMessageId))
        missingUserMessage = event.userMessageId;
      assistantFor(c, event.turnId, event.messageId);
      return { running: true, ...(missingUserMessage ? { missingUserMessage } : {}) };
    }
    case 'text-delta': {
      const message = assistantFor(c, event.turnId, event.messageId);
      const last = message.parts.at(-1);
      if (last?.type === 'text') last.text += event.delta;
      else message.parts.push({ type: 'text', text: event.delta });
      return {};
    }
    case 'tool-call':
      assistantFor(c, event.turnId, event.messageId).parts.push({
        type: 'tool_call',
        callId: event.callId,
        name: event.name,
        arguments: event.arguments,
        ...(event.server ? { server: event.server } : {}),
      });
      return {};
    case 'tool-progress':
      c.progress.set(event.callId, event);
      return {};
    case 'tool-result':
      c.progress.delete(event.callId);
      assistantFor(c, event.turnId, event.messageId).parts.push({
        type: 'tool_result',
        callId: event.callId,
        name: event.name,
        output: event.output,
        error: event.error,
        durationMs: event.durationMs,
        truncated: event.truncated,
      });
      return {};
    case 'notice':
    case 'error': {
      const message = c.messages.filter((m) => m.role === 'assistant').at(-1);
      message?.parts.push(
        event.type === 'notice'
          ? { type: 'notice', message: event.message }
          : { type: 'error', code: event.code, message: event.message },
      );
      return {};
    }
    case 'done': {
      const message = c.messages.filter((m) => m.turnId === event.turnId && m.role === 'assistant').at(-1);
      if (message)
        message.status = event.status === 'done' || event.status === 'failed' ? 'complete' : event.status;
      c.settledTurns.add(event.turnId);
      c.runningTurn = undefined;
      return { running: false };
    }
  }
  return {};
}

/** Puts a user message fetched after its turn started just before that turn's answer. */
export function insertUserMessage(c: Conversation, user: ChatMessage): boolean {
  if (c.messages.some((m) => m.id === user.id)) return false;
  c.messages.splice(Math.max(0, c.messages.length - 1), 0, user);
  return true;
}

/** The text of the last message the user sent, for ↑ in an empty composer. */
export function lastUserText(c: Conversation): string | undefined {
  const last = [...c.messages].reverse().find((m) => m.role === 'user');
  return last?.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
}
