import { describe, expect, it } from 'vitest';
import type { SessionDetail, TurnEvent } from '../core/api.js';
import { applyTurnEvent, conversationOf, emptyConversation, lastUserText, PENDING } from './conversation.js';

const ev = (e: Record<string, unknown>) => ({ sessionId: 's', ...e }) as unknown as TurnEvent;

describe('a conversation built from turn events', () => {
  it('names the pending message, streams text, pairs tool calls with results, and settles the turn', () => {
    const c = emptyConversation();
    c.messages.push({
      id: PENDING,
      role: 'user',
      turnId: null,
      status: 'complete',
      createdAt: 1,
      parts: [{ type: 'text', text: 'hi' }],
    });
    expect(
      applyTurnEvent(
        c,
        ev({ type: 'turn-start', turnId: 't', messageId: 'a', userMessageId: 'u', model: 'm', agent: null }),
      ),
    ).toEqual({ running: true });
    expect(c.messages.map((m) => m.id)).toEqual(['u', 'a']);
    applyTurnEvent(c, ev({ type: 'text-delta', turnId: 't', messageId: 'a', delta: 'Hel' }));
    applyTurnEvent(c, ev({ type: 'text-delta', turnId: 't', messageId: 'a', delta: 'lo' }));
    applyTurnEvent(
      c,
      ev({ type: 'tool-call', turnId: 't', messageId: 'a', callId: 'c', name: 'grep', arguments: '{}' }),
    );
    applyTurnEvent(c, ev({ type: 'tool-progress', turnId: 't', messageId: 'a', callId: 'c', progress: 1 }));
    expect(c.progress.has('c')).toBe(true);
    applyTurnEvent(
      c,
      ev({
        type: 'tool-result',
        turnId: 't',
        messageId: 'a',
        callId: 'c',
        name: 'grep',
        output: 'x',
        error: false,
        durationMs: 3,
        truncated: false,
      }),
    );
    expect(c.progress.has('c')).toBe(false);
    expect(c.messages[1]?.parts.map((p) => p.type)).toEqual(['text', 'tool_call', 'tool_result']);
    expect(c.messages[1]?.parts[0]).toEqual({ type: 'text', text: 'Hello' });
    expect(applyTurnEvent(c, ev({ type: 'done', turnId: 't', status: 'done' }))).toEqual({ running: false });
    expect(c.messages[1]?.status).toBe('complete');
    // Replays of a settled turn change nothing.
    expect(
      applyTurnEvent(c, ev({ type: 'text-delta', turnId: 't', messageId: 'a', delta: '!' })),
    ).toBeUndefined();
    expect(lastUserText(c)).toBe('hi');
  });

  it('asks for the user message of a turn started in another tab', () => {
    const c = emptyConversation();
    expect(
      applyTurnEvent(
        c,
        ev({ type: 'turn-start', turnId: 't', messageId: 'a', userMessageId: 'u', model: null, agent: null }),
      ),
    ).toEqual({
      running: true,
      missingUserMessage: 'u',
    });
  });

  it('drops a running turn’s stored partial answer on load: its replayed events rebuild it', () => {
    const detail = {
      id: 's',
      title: 'x',
      runningTurnId: 't2',
      turns: [
        { id: 't1', model: 'm', agent: null },
        { id: 't2', model: 'm', agent: 'explorer' },
      ],
      messages: [
        { id: 'a1', role: 'assistant', turnId: 't1', status: 'complete', createdAt: 1, parts: [] },
        { id: 'a2', role: 'assistant', turnId: 't2', status: 'streaming', createdAt: 2, parts: [] },
      ],
    } as unknown as SessionDetail;
    const c = conversationOf(detail);
    expect(c.messages.map((m) => m.id)).toEqual(['a1']);
    expect([...c.settledTurns]).toEqual(['t1']);
    expect(c.runningTurn).toBe('t2');
    expect(c.answeredBy.get('t2')).toEqual({ model: 'm', agent: 'explorer' });
  });
});
