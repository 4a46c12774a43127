import {
  type ElicitationAnswer,
  type ElicitationRequest,
  type HostInput,
  type SamplingAnswer,
  SamplingDeclined,
  type SamplingRequest,
} from './host-input.js';

/** How much one server may ask of the host: the model's time and the user's attention. */
export interface HostInputLimits {
  /** Sampling requests of one server on the model (or awaiting approval) at once. */
  samplingConcurrency: number;
  /** Sampling requests that may wait for one of those places; beyond, refused at once. */
  samplingQueue: number;
  /** Sampling requests admitted per minute (a sliding window); beyond, refused at once. */
  samplingPerMinute: number;
  /** A request's `maxTokens` is lowered to this (the approval card says so). */
  samplingMaxTokens: number;
  /** Forms of one server waiting for the user; beyond, declined at once. */
  formsWaiting: number;
}

export const DEFAULT_HOST_INPUT_LIMITS: HostInputLimits = {
  samplingConcurrency: 2,
  samplingQueue: 4,
  samplingPerMinute: 30,
  samplingMaxTokens: 4096,
  formsWaiting: 16,
};

const WINDOW_MS = 60_000;

/**
 * One server's gate in front of the host's handlers. Every refusal is immediate (the server hears
 * the spec's user-rejected error with the reason, or a decline) and is reported once per reason
 * through `onFlood`, so the hub can show the server as degraded. Nothing a server sends is held
 * beyond the bounds: at most `samplingConcurrency + samplingQueue` sampling requests and
 * `formsWaiting` forms are alive per server.
 */
export class HostInputGate {
  private readonly admitted: number[] = [];
  private running = 0;
  private readonly queue: (() => void)[] = [];
  private formsPending = 0;

  constructor(
    private readonly server: string,
    private readonly limits: HostInputLimits,
    private readonly onFlood: (reason: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  wrap(input: HostInput | undefined): HostInput | undefined {
    if (!input) return undefined;
    const { elicit, sample } = input;
    return {
      ...(elicit ? { elicit: (request, signal) => this.elicit(elicit, request, signal) } : {}),
      ...(sample ? { sample: (request, signal) => this.sample(sample, request, signal) } : {}),
    };
  }

  private refuse(reason: string): never {
    this.onFlood(reason);
    throw new SamplingDeclined(`sampling refused: ${reason}`);
  }

  private async sample(
    inner: NonNullable<HostInput['sample']>,
    request: SamplingRequest,
    signal: AbortSignal,
  ): Promise<SamplingAnswer> {
    const { samplingPerMinute, samplingConcurrency, samplingQueue, samplingMaxTokens } = this.limits;
    const now = this.now();
    while (this.admitted.length && (this.admitted[0] ?? 0) <= now - WINDOW_MS) this.admitted.shift();
    if (this.admitted.length >= samplingPerMinute)
      this.refuse(`more than ${samplingPerMinute} sampling requests a minute from ${this.server}`);
    if (this.running >= samplingConcurrency && this.queue.length >= samplingQueue)
      this.refuse(
        `queue full: ${samplingConcurrency} sampling requests of ${this.server} running and ${samplingQueue} waiting`,
      );
    this.admitted.push(now);
    // A place is handed from the request that ends to the one that waited longest, so no newcomer
    // can slip in between.
    if (this.running >= samplingConcurrency) await this.waitForPlace(signal);
    else this.running++;
    try {
      const capped =
        request.maxTokens > samplingMaxTokens
          ? { ...request, maxTokens: samplingMaxTokens, requestedMaxTokens: request.maxTokens }
          : request;
      return await inner(capped, signal);
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Resolves when a running request ends; a request withdrawn while it waits leaves the queue. */
  private waitForPlace(signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const go = () => {
        signal.removeEventListener('abort', withdrawn);
        resolve();
      };
      const withdrawn = () => {
        const at = this.queue.indexOf(go);
        if (at !== -1) this.queue.splice(at, 1);
        reject(new SamplingDeclined('sampling withdrawn by the server while it waited'));
      };
      if (signal.aborted) return withdrawn();
      signal.addEventListener('abort', withdrawn, { once: true });
      this.queue.push(go);
    });
  }

  private async elicit(
    inner: NonNullable<HostInput['elicit']>,
    request: ElicitationRequest,
    signal: AbortSignal,
  ): Promise<ElicitationAnswer> {
    if (this.formsPending >= this.limits.formsWaiting) {
      this.onFlood(
        `more than ${this.limits.formsWaiting} forms of ${this.server} waiting; more are declined`,
      );
      return { action: 'decline' };
    }
    this.formsPending++;
    try {
      return await inner(request, signal);
    } finally {
      this.formsPending--;
    }
  }
}
