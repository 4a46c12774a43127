import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeAtomically } from '@boocode/mcp-server-kit/write-atomically';
import type {
  OAuthClientInformationMixed,
  OAuthDiscoveryState,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { StoredDpopKey } from './dpop-key.js';

/** What the hub keeps of one server's OAuth login between runs. */
export interface OAuthRecord {
  /** The server URL the record belongs to: a record for another URL is ignored. */
  url: string;
  client?: OAuthClientInformationMixed;
  tokens?: StoredOAuthTokens;
  /** When the tokens were saved (ms since epoch), to know when `expires_in` runs out. */
  tokensSavedAt?: number;
  codeVerifier?: string;
  /** The `state` of the authorization request in flight, checked on the way back. */
  state?: string;
  discovery?: OAuthDiscoveryState;
  /** With `oauth.dpop`: the key the tokens are bound to. */
  dpopKey?: StoredDpopKey;
}

/** Where logins are kept: BooCode keeps them in its database, `boocode mcp` in a file. */
export interface OAuthStore {
  load(server: string): Promise<OAuthRecord | undefined>;
  /** `undefined` forgets the server's login. */
  save(server: string, record: OAuthRecord | undefined): Promise<void>;
}

/** One JSON file readable by its owner only, replaced whole on each write (logins survive a crash mid-write). */
export class FileOAuthStore implements OAuthStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly file: string) {}

  async load(server: string): Promise<OAuthRecord | undefined> {
    return (await this.readAll())[server];
  }

  save(server: string, record: OAuthRecord | undefined): Promise<void> {
    const write = this.queue.then(async () => {
      const all = await this.readAll();
      if (record) all[server] = record;
      else delete all[server];
      await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
      await writeAtomically(this.file, `${JSON.stringify(all, null, 2)}\n`, 0o600);
    });
    this.queue = write.catch(() => {});
    return write;
  }

  private async readAll(): Promise<Record<string, OAuthRecord>> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, OAuthRecord>) : {};
  }
}

/** Logins that last as long as the process (tests, one-off runs). */
export class MemoryOAuthStore implements OAuthStore {
  private readonly records = new Map<string, OAuthRecord>();

  async load(server: string): Promise<OAuthRecord | undefined> {
    return this.records.get(server);
  }

  async save(server: string, record: OAuthRecord | undefined): Promise<void> {
    if (record) this.records.set(server, structuredClone(record));
    else this.records.delete(server);
  }
}
