import { randomUUID } from 'node:crypto';
import {
  type Message,
  type MessageStatus,
  type Part,
  PartData,
  type Session,
  type Turn,
  type TurnStatus,
} from '@boocode/api-types';
import type { Db } from './database.js';

/** Characters of a long tool output kept as its head, for prompts (TOOL_RESULT_BUDGET defaults to 16,000). */
const HEAD_CHARS = 64_000;

/** The stored head of a long tool output, or null when the part is small enough to read whole. */
function headOf(data: PartData): string | null {
  if (data.type !== 'tool_result' || data.output.length <= HEAD_CHARS) return null;
  return JSON.stringify({
    ...data,
    output: data.output.slice(0, HEAD_CHARS),
    outputLength: data.output.length,
  });
}

interface SessionRow {
  id: string;
  title: string;
  agent: string | null;
  created_at: number;
  updated_at: number;
}

interface TurnRow {
  id: string;
  session_id: string;
  status: TurnStatus;
  error: string | null;
  started_at: number;
  ended_at: number | null;
  model: string | null;
  agent: string | null;
}

const toSession = (r: SessionRow): Session => ({
  id: r.id,
  title: r.title,
  agent: r.agent,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const toTurn = (r: TurnRow): Turn => ({
  id: r.id,
  sessionId: r.session_id,
  status: r.status,
  error: r.error,
  startedAt: r.started_at,
  endedAt: r.ended_at,
  model: r.model,
  agent: r.agent,
});

/** Every read and write of sessions, turns, messages and parts; statements prepared once. */
export class Store {
  private readonly s;

  constructor(private readonly db: Db) {
    this.s = {
      insertSession: db.prepare(
        'INSERT INTO sessions (id, title, agent, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
      ),
      listSessions: db.prepare('SELECT * FROM sessions ORDER BY updated_at DESC'),
      getSession: db.prepare('SELECT * FROM sessions WHERE id = ?'),
      deleteSession: db.prepare('DELETE FROM sessions WHERE id = ?'),
      touchSession: db.prepare('UPDATE sessions SET updated_at = ? WHERE id = ?'),
      retitle: db.prepare("UPDATE sessions SET title = ? WHERE id = ? AND title = 'New chat'"),
      insertTurn: db.prepare(
        "INSERT INTO turns (id, session_id, status, started_at, model, agent) VALUES (?, ?, 'running', ?, ?, ?)",
      ),
      finishTurn: db.prepare('UPDATE turns SET status = ?, error = ?, ended_at = ? WHERE id = ?'),
      getTurn: db.prepare('SELECT * FROM turns WHERE id = ?'),
      turnsOf: db.prepare('SELECT * FROM turns WHERE session_id = ? ORDER BY started_at'),
      nextSeq: db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM messages WHERE session_id = ?'),
      insertMessage: db.prepare(
        'INSERT INTO messages (id, session_id, turn_id, role, status, seq, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      setMessageStatus: db.prepare('UPDATE messages SET status = ? WHERE id = ?'),
      messagesOf: db.prepare('SELECT * FROM messages WHERE session_id = ? ORDER BY seq'),
      partsOf: db.prepare(
        'SELECT p.id, p.message_id, p.data FROM parts p JOIN messages m ON m.id = p.message_id WHERE m.session_id = ? ORDER BY m.seq, p.seq',
      ),
      // The prompt needs only a tool output's head: reading and parsing whole megabyte outputs on
      // every model step was most of the inference loop's time.
      partsHeadsOf: db.prepare(
        'SELECT p.id, p.message_id, COALESCE(p.head, p.data) AS data FROM parts p JOIN messages m ON m.id = p.message_id WHERE m.session_id = ? ORDER BY m.seq, p.seq',
      ),
      nextPartSeq: db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM parts WHERE message_id = ?'),
      insertPart: db.prepare('INSERT INTO parts (message_id, seq, type, data, head) VALUES (?, ?, ?, ?, ?)'),
      updatePart: db.prepare('UPDATE parts SET data = ?, head = ? WHERE id = ?'),
      interruptTurns: db.prepare(
        "UPDATE turns SET status = 'interrupted', error = ?, ended_at = ? WHERE status = 'running'",
      ),
      interruptMessages: db.prepare("UPDATE messages SET status = 'interrupted' WHERE status = 'streaming'"),
    };
  }

  createSession(agent: string | null, title = 'New chat'): Session {
    const now = Date.now();
    const id = randomUUID();
    this.s.insertSession.run(id, title, agent, now, now);
    return { id, title, agent, createdAt: now, updatedAt: now };
  }

  listSessions(): Session[] {
    return (this.s.listSessions.all() as SessionRow[]).map(toSession);
  }

  getSession(id: string): Session | undefined {
    const row = this.s.getSession.get(id) as SessionRow | undefined;
    return row && toSession(row);
  }

  deleteSession(id: string): boolean {
    return this.s.deleteSession.run(id).changes > 0;
  }

  /** Names a new chat after its first message, so the sessions list is readable. */
  titleFromFirstMessage(sessionId: string, text: string): void {
    const title = text.replace(/\s+/g, ' ').trim().slice(0, 60) || 'New chat';
    this.s.retitle.run(title, sessionId);
  }

  startTurn(sessionId: string, by: { model: string | null; agent: string | null }): Turn {
    const id = randomUUID();
    const now = Date.now();
    this.s.insertTurn.run(id, sessionId, now, by.model, by.agent);
    this.s.touchSession.run(now, sessionId);
    return { id, sessionId, status: 'running', error: null, startedAt: now, endedAt: null, ...by };
  }

  finishTurn(turnId: string, status: Exclude<TurnStatus, 'running'>, error: string | null = null): void {
    this.s.finishTurn.run(status, error, Date.now(), turnId);
  }

  getTurn(id: string): Turn | undefined {
    const row = this.s.getTurn.get(id) as TurnRow | undefined;
    return row && toTurn(row);
  }

  turnsOf(sessionId: string): Turn[] {
    return (this.s.turnsOf.all(sessionId) as TurnRow[]).map(toTurn);
  }

  addMessage(sessionId: string, turnId: string, role: 'user' | 'assistant', status: MessageStatus): string {
    const id = randomUUID();
    const { seq } = this.s.nextSeq.get(sessionId) as { seq: number };
    this.s.insertMessage.run(id, sessionId, turnId, role, status, seq, Date.now());
    return id;
  }

  setMessageStatus(messageId: string, status: MessageStatus): void {
    this.s.setMessageStatus.run(status, messageId);
  }

  addPart(messageId: string, data: PartData): number {
    const { seq } = this.s.nextPartSeq.get(messageId) as { seq: number };
    return Number(
      this.s.insertPart.run(messageId, seq, data.type, JSON.stringify(data), headOf(data)).lastInsertRowid,
    );
  }

  updatePart(partId: number, data: PartData): void {
    this.s.updatePart.run(JSON.stringify(data), headOf(data), partId);
  }

  /**
   * A session's messages with their parts. `outputCap` asks for tool outputs cut to that many
   * characters (with `outputLength` when cut): read from the stored head when it is long enough.
   */
  messages(sessionId: string, options: { outputCap?: number } = {}): Message[] {
    const messages = (
      this.s.messagesOf.all(sessionId) as {
        id: string;
        role: 'user' | 'assistant';
        turn_id: string | null;
        status: MessageStatus;
        created_at: number;
      }[]
    ).map((m) => ({
      id: m.id,
      role: m.role,
      turnId: m.turn_id,
      status: m.status,
      createdAt: m.created_at,
      parts: [] as Part[],
    }));
    const byId = new Map(messages.map((m) => [m.id, m]));
    const cap = options.outputCap;
    const rows =
      cap !== undefined && cap <= HEAD_CHARS
        ? this.s.partsHeadsOf.all(sessionId)
        : this.s.partsOf.all(sessionId);
    for (const row of rows as { id: number; message_id: string; data: string }[]) {
      const parsed = PartData.safeParse(JSON.parse(row.data));
      if (!parsed.success) continue;
      let part: PartData = parsed.data;
      if (cap !== undefined && part.type === 'tool_result' && part.output.length > cap)
        part = {
          ...part,
          output: part.output.slice(0, cap),
          outputLength: part.outputLength ?? part.output.length,
        };
      byId.get(row.message_id)?.parts.push({ ...part, id: row.id });
    }
    return messages;
  }

  /** After a crash or kill: whatever was running did not finish, and says so. */
  markRunningInterrupted(): number {
    return this.db.transaction(() => {
      const turns = this.s.interruptTurns.run(
        'the server stopped while this turn was running',
        Date.now(),
      ).changes;
      this.s.interruptMessages.run();
      return turns;
    })();
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }
}
