import type { Db } from '../db/database.js';

/** Whether a server may have BooCode's model answer it: ask each time (default), always, never. */
export const SAMPLING_POLICIES = ['ask', 'always', 'never'] as const;
export type SamplingPolicy = (typeof SAMPLING_POLICIES)[number];

export class SamplingPolicies {
  private readonly s;

  constructor(db: Db) {
    this.s = {
      get: db.prepare<[string], { policy: SamplingPolicy }>(
        'SELECT policy FROM mcp_sampling WHERE server = ?',
      ),
      put: db.prepare(
        'INSERT INTO mcp_sampling (server, policy) VALUES (?, ?) ON CONFLICT(server) DO UPDATE SET policy = excluded.policy',
      ),
    };
  }

  get(server: string): SamplingPolicy {
    return this.s.get.get(server)?.policy ?? 'ask';
  }

  set(server: string, policy: SamplingPolicy): void {
    this.s.put.run(server, policy);
  }
}
