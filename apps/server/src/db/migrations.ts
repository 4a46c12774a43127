/** Append-only: a shipped migration is never edited, a change is a new entry. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    agent TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE turns (
    id TEXT PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    status TEXT NOT NULL CHECK (status IN ('running', 'done', 'cancelled', 'interrupted', 'failed')),
    error TEXT,
    started_at INTEGER NOT NULL,
    ended_at INTEGER
  );
  CREATE INDEX turns_by_session ON turns(session_id, started_at);
  CREATE TABLE messages (
    id TEXT PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    turn_id TEXT REFERENCES turns(id) ON DELETE SET NULL,
    role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
    status TEXT NOT NULL DEFAULT 'complete' CHECK (status IN ('complete', 'streaming', 'interrupted', 'cancelled')),
    seq INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX messages_by_session ON messages(session_id, seq);
  CREATE TABLE parts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id TEXT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('text', 'tool_call', 'tool_result', 'notice', 'error')),
    data TEXT NOT NULL
  );
  CREATE INDEX parts_by_message ON parts(message_id, seq);
  `,
  // A long tool result's head (with its full length), so building a prompt never reads
  // megabytes of stored output; NULL where `data` is small anyway, and for rows written before.
  `
  ALTER TABLE parts ADD COLUMN head TEXT;
  `,
  // Which model and agent answered, shown beside each answer; NULL for turns stored before.
  `
  ALTER TABLE turns ADD COLUMN model TEXT;
  ALTER TABLE turns ADD COLUMN agent TEXT;
  `,
  // MCP logins (the hub's OAuth record per server, JSON) and who may sample the model.
  `
  CREATE TABLE mcp_oauth (
    server TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE mcp_sampling (
    server TEXT PRIMARY KEY,
    policy TEXT NOT NULL CHECK (policy IN ('ask', 'always', 'never'))
  );
  `,
];
