/** What watchers of a session receive, over SSE; `seq` orders events within a turn. */
export type TurnEvent = { turnId: string; seq: number } & (
  | {
      type: 'turn-start';
      sessionId: string;
      userMessageId: string;
      messageId: string;
      agent: string | null;
      /** The model asked for this turn's answer (the agent's own, else LLM_MODEL). */
      model: string;
    }
  | { type: 'text-delta'; messageId: string; delta: string }
  | {
      type: 'tool-call';
      messageId: string;
      callId: string;
      name: string;
      arguments: unknown;
      server?: string;
    }
  | {
      type: 'tool-result';
      messageId: string;
      callId: string;
      name: string;
      output: string;
      error: boolean;
      durationMs: number;
      truncated: boolean;
    }
  | {
      /** A server's progress on a call still running; not stored, only streamed. */
      type: 'tool-progress';
      messageId: string;
      callId: string;
      progress: number;
      total?: number;
      message?: string;
    }
  | { type: 'notice'; message: string }
  | { type: 'error'; code: string; message: string }
  | { type: 'done'; status: 'done' | 'cancelled' | 'interrupted' | 'failed' }
);

type Distribute<T> = T extends unknown ? Omit<T, 'turnId' | 'seq'> : never;
export type TurnEventBody = Distribute<TurnEvent>;
