import type { PartData } from '@boocode/api-types';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { MIGRATIONS } from './migrations.js';
import { Store } from './store.js';

function sessionWithResult(store: Store, output: string) {
  const session = store.createSession(null);
  const turn = store.startTurn(session.id, { model: 'm', agent: null });
  const message = store.addMessage(session.id, turn.id, 'assistant', 'complete');
  const result: PartData = {
    type: 'tool_result',
    callId: 'c1',
    name: 'grep',
    output,
    error: false,
    durationMs: 1,
  };
  const partId = store.addPart(message, result);
  return { session, partId, result };
}

const resultOf = (store: Store, sessionId: string, outputCap?: number) =>
  store.messages(sessionId, { outputCap })[0]?.parts[0] as Extract<PartData, { type: 'tool_result' }>;

describe('Store tool outputs', () => {
  it('cuts a long output to the cap and says its full length; whole when no cap is asked', () => {
    const store = new Store(openDatabase(':memory:'));
    const { session } = sessionWithResult(store, 'x'.repeat(200_000));
    const cut = resultOf(store, session.id, 16_000);
    expect(cut.output).toHaveLength(16_000);
    expect(cut.outputLength).toBe(200_000);
    const whole = resultOf(store, session.id);
    expect(whole.output).toHaveLength(200_000);
    expect(whole.outputLength).toBeUndefined();
  });

  it('reads the full row when the cap is longer than the stored head', () => {
    const store = new Store(openDatabase(':memory:'));
    const { session } = sessionWithResult(store, 'y'.repeat(150_000));
    const cut = resultOf(store, session.id, 100_000);
    expect(cut.output).toHaveLength(100_000);
    expect(cut.outputLength).toBe(150_000);
  });

  it('leaves short outputs alone', () => {
    const store = new Store(openDatabase(':memory:'));
    const { session } = sessionWithResult(store, 'short');
    const part = resultOf(store, session.id, 16_000);
    expect(part.output).toBe('short');
    expect(part.outputLength).toBeUndefined();
  });

  it('keeps the head in step when a part is rewritten', () => {
    const store = new Store(openDatabase(':memory:'));
    const { session, partId, result } = sessionWithResult(store, 'a'.repeat(100_000));
    store.updatePart(partId, { ...result, output: 'b'.repeat(90_000) });
    const cut = resultOf(store, session.id, 10);
    expect(cut.output).toBe('b'.repeat(10));
    expect(cut.outputLength).toBe(90_000);
  });

  it('reads rows written before the head column existed', () => {
    const db = openDatabase(':memory:');
    const store = new Store(db);
    const { session, partId } = sessionWithResult(store, 'z'.repeat(100_000));
    db.prepare('UPDATE parts SET head = NULL WHERE id = ?').run(partId);
    expect(resultOf(store, session.id, 5)).toMatchObject({ output: 'zzzzz', outputLength: 100_000 });
    expect(MIGRATIONS.length).toBe(db.pragma('user_version', { simple: true }));
  });
});
