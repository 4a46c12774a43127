/** One `notifications/progress` payload (without the token): `progress` only ever grows. */
export interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}

/** What a long tool reports while it works; a no-op when nobody listens. */
export interface ProgressReporter {
  /**
   * Its own phase: `step('indexing', 12034, 29310)` → "indexing: 12,034 / 29,310 files"; a phase
   * that counts something else names it: `step('resolving', 40000, 90000, 'calls')`.
   */
  step(phase: string, done: number, total?: number, unit?: string): void;
  /** A child server's progress for a call made on this one's behalf, its message kept. */
  relay(update: ProgressUpdate): void;
}

export const silentProgress: ProgressReporter = { step() {}, relay() {} };

/** What a running tool gets besides its arguments: cancellation, and where to report progress. */
export interface ToolContext {
  signal: AbortSignal;
  progress: ProgressReporter;
}

/**
 * Lets one update through per `intervalMs`; `gate(true)` always passes (a phase's first or last).
 * Progress is for people: more than a few updates a second only costs the wire and the watchers.
 */
export function rateGate(intervalMs: number): (force: boolean) => boolean {
  let lastAt = Number.NEGATIVE_INFINITY;
  return (force) => {
    const now = performance.now();
    if (!force && now - lastAt < intervalMs) return false;
    lastAt = now;
    return true;
  };
}

/** How far, in whole percent, when the total is known. */
export const percentOf = (update: ProgressUpdate): number | undefined =>
  update.total ? Math.floor((100 * update.progress) / update.total) : undefined;

/** One line for people: what the server is doing and, when the total is known, how far: "indexing: 120 / 300 files 40%". */
export function progressText(update: ProgressUpdate): string {
  const percent = percentOf(update);
  return `${update.message ?? 'working'}${percent === undefined ? '' : ` ${percent}%`}`;
}

/**
 * `29,310`: thousands grouped by hand, as `en-US` groups them. `toLocaleString` loads ICU's locale
 * data on its first call, ~13 ms of a child's first answer.
 */
const count = (n: number) => String(Math.trunc(n)).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * Turns phases into one rising progress count: each phase starts where the last one ended, so
 * `progress` never goes back, and the message says where in which phase the work is. A phase
 * without a total still moves the start of the next one: report only phases whose total is known
 * where a client's bar should start at zero. Updates within `intervalMs` of the last one are dropped, except a
 * phase's first and last.
 */
export function progressReporter(send: (update: ProgressUpdate) => void, intervalMs = 200): ProgressReporter {
  let phase: string | undefined;
  let offset = 0;
  let sent = 0;
  const gate = rateGate(intervalMs);
  const emit = (key: string, done: number, total: number | undefined, message: string) => {
    const entering = key !== phase;
    if (entering) {
      phase = key;
      offset = sent;
    }
    const progress = offset + done;
    const finished = total !== undefined && done >= total;
    if (progress < sent || !gate(entering || finished)) return;
    sent = progress;
    send({ progress, ...(total !== undefined ? { total: offset + total } : {}), message });
  };
  return {
    step(name, done, total, unit = 'files') {
      emit(
        `own:${name}`,
        done,
        total,
        `${name}: ${count(done)}${total !== undefined ? ` / ${count(total)}` : ''} ${unit}`,
      );
    },
    relay(update) {
      emit('relay', update.progress, update.total, update.message ?? 'working');
    },
  };
}

interface RequestContext {
  mcpReq: {
    _meta?: { progressToken?: string | number };
    notify: (notification: { method: string; params?: Record<string, unknown> }) => Promise<void>;
  };
}

/** Progress for one MCP request: notifications under the client's token, or nothing without one. */
export function requestProgress(ctx: RequestContext): ProgressReporter {
  const token = ctx.mcpReq._meta?.progressToken;
  if (token === undefined) return silentProgress;
  return progressReporter((update) => {
    ctx.mcpReq
      .notify({ method: 'notifications/progress', params: { progressToken: token, ...update } })
      .catch(() => {});
  });
}

/** Progress as one rewritten line on a terminal's stderr; `done()` clears it. */
export function terminalProgress(stream: NodeJS.WriteStream): ProgressReporter & { done(): void } {
  if (!stream.isTTY) return { ...silentProgress, done() {} };
  let shown = false;
  const reporter = progressReporter((update) => {
    stream.write(`\r\x1b[K${progressText(update)}`);
    shown = true;
  }, 100);
  return {
    ...reporter,
    done() {
      if (shown) stream.write('\r\x1b[K');
    },
  };
}
