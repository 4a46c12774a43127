import type { OAuthRecord, OAuthStore } from '@boocode/mcp-hub';
import type { Db } from '../db/database.js';

/** The hub's MCP logins in BooCode's database: one JSON record per server. */
export class SqliteOAuthStore implements OAuthStore {
  private readonly s;

  constructor(
    db: Db,
    private readonly warn: (message: string) => void,
  ) {
    this.s = {
      get: db.prepare<[string], { data: string }>('SELECT data FROM mcp_oauth WHERE server = ?'),
      put: db.prepare(
        'INSERT INTO mcp_oauth (server, data, updated_at) VALUES (?, ?, ?) ON CONFLICT(server) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at',
      ),
      remove: db.prepare('DELETE FROM mcp_oauth WHERE server = ?'),
    };
  }

  async load(server: string): Promise<OAuthRecord | undefined> {
    const row = this.s.get.get(server);
    if (!row) return undefined;
    try {
      return JSON.parse(row.data) as OAuthRecord;
    } catch {
      // A damaged row costs one login, not the server's start-up.
      this.warn(`mcp: ${server}: the stored login could not be read; log in again`);
      return undefined;
    }
  }

  async save(server: string, record: OAuthRecord | undefined): Promise<void> {
    if (record) this.s.put.run(server, JSON.stringify(record), Date.now());
    else this.s.remove.run(server);
  }
}
