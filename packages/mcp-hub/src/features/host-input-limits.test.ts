import { describe, expect, it } from 'vitest';
import type { ElicitationAnswer, SamplingAnswer, SamplingRequest } from './host-input.js';
import { SamplingDeclined } from './host-input.js';
import { DEFAULT_HOST_INPUT_LIMITS, HostInputGate } from './host-input-limits.js';

const request = (maxTokens = 100): SamplingRequest => ({
  server: 's',
  messages: [{ role: 'user', text: 'hi' }],
  maxTokens,
  modelHints: [],
});

/** A host handler whose answers the test releases one by one, counting how many run at once. */
function heldModel() {
  const waiting: (() => void)[] = [];
  const seen: SamplingRequest[] = [];
  let running = 0;
  let most = 0;
  const sample = async (r: SamplingRequest): Promise<SamplingAnswer> => {
    seen.push(r);
    running++;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => waiting.push(resolve));
    running--;
    return { text: 'ok', model: 'm' };
  };
  return { sample, seen, release: () => waiting.shift()?.(), most: () => most, held: () => waiting.length };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

function gate(limits: Partial<typeof DEFAULT_HOST_INPUT_LIMITS> = {}, clock = { now: 0 }) {
  const floods: string[] = [];
  const g = new HostInputGate(
    's',
    { ...DEFAULT_HOST_INPUT_LIMITS, ...limits },
    (r) => floods.push(r),
    () => clock.now,
  );
  return { g, floods, clock };
}

describe('HostInputGate', () => {
  it('admits at most samplingPerMinute in a sliding minute and refuses the rest at once', async () => {
    const { g, floods, clock } = gate({ samplingPerMinute: 3, samplingConcurrency: 10 });
    const sample = g.wrap({ sample: async () => ({ text: 'ok', model: 'm' }) })?.sample;
    const signal = new AbortController().signal;
    for (let i = 0; i < 3; i++)
      await expect(sample?.(request(), signal)).resolves.toMatchObject({ text: 'ok' });
    const refused = sample?.(request(), signal);
    await expect(refused).rejects.toBeInstanceOf(SamplingDeclined);
    await expect(refused).rejects.toThrow(/more than 3 sampling requests a minute from s/);
    expect(floods).toHaveLength(1);
    clock.now += 60_001;
    await expect(sample?.(request(), signal)).resolves.toMatchObject({ text: 'ok' });
  });

  it('runs at most samplingConcurrency at once, queues a few, refuses beyond the queue at once', async () => {
    const model = heldModel();
    const { g, floods } = gate({ samplingConcurrency: 2, samplingQueue: 2 });
    const sample = g.wrap({ sample: model.sample })?.sample;
    const signal = new AbortController().signal;
    const calls = [1, 2, 3, 4].map(() => sample?.(request(), signal));
    await tick();
    expect(model.seen).toHaveLength(2);
    await expect(sample?.(request(), signal)).rejects.toThrow(
      /queue full: 2 sampling requests of s running and 2 waiting/,
    );
    expect(floods[0]).toMatch(/queue full/);
    for (let i = 0; i < 4; i++) {
      model.release();
      await tick();
    }
    await expect(Promise.all(calls)).resolves.toHaveLength(4);
    expect(model.most()).toBe(2);
  });

  it('lets a request withdrawn while it waits leave the queue', async () => {
    const model = heldModel();
    const { g } = gate({ samplingConcurrency: 1, samplingQueue: 1 });
    const sample = g.wrap({ sample: model.sample })?.sample;
    const first = sample?.(request(), new AbortController().signal);
    const withdrawn = new AbortController();
    const waiting = sample?.(request(), withdrawn.signal);
    withdrawn.abort();
    await expect(waiting).rejects.toThrow(/withdrawn/);
    // Its place in the queue is free again.
    const next = sample?.(request(), new AbortController().signal);
    model.release();
    await tick();
    model.release();
    await expect(Promise.all([first, next])).resolves.toHaveLength(2);
  });

  it('lowers maxTokens to the cap and says what the server asked for', async () => {
    const model = heldModel();
    const { g } = gate({ samplingMaxTokens: 4096 });
    const sample = g.wrap({ sample: model.sample })?.sample;
    const done = sample?.(request(1_000_000), new AbortController().signal);
    await tick();
    expect(model.seen[0]).toMatchObject({ maxTokens: 4096, requestedMaxTokens: 1_000_000 });
    model.release();
    await done;
    const small = sample?.(request(50), new AbortController().signal);
    await tick();
    expect(model.seen[1]?.maxTokens).toBe(50);
    expect(model.seen[1]).not.toHaveProperty('requestedMaxTokens');
    model.release();
    await small;
  });

  it('keeps at most formsWaiting forms waiting and declines the rest at once', async () => {
    const answers: ((a: ElicitationAnswer) => void)[] = [];
    const { g, floods } = gate({ formsWaiting: 2 });
    const elicit = g.wrap({
      elicit: () => new Promise<ElicitationAnswer>((resolve) => answers.push(resolve)),
    })?.elicit;
    const form = { server: 's', message: 'name?', requestedSchema: {} };
    const signal = new AbortController().signal;
    const open = [elicit?.(form, signal), elicit?.(form, signal)];
    await expect(elicit?.(form, signal)).resolves.toEqual({ action: 'decline' });
    expect(floods[0]).toMatch(/more than 2 forms of s waiting/);
    answers.shift()?.({ action: 'cancel' });
    await open[0];
    const again = elicit?.(form, signal);
    expect(answers).toHaveLength(2);
    for (const answer of answers) answer({ action: 'decline' });
    await Promise.all([open[1], again]);
  });
});
