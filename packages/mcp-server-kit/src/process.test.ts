import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { processAlive } from './process.js';

describe('processAlive', () => {
  it('is true for a running process and false once it has exited', async () => {
    const child = spawn('sleep', ['5']);
    expect(processAlive(child.pid as number)).toBe(true);
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(processAlive(child.pid as number)).toBe(false);
  });

  it.runIf(process.platform === 'linux')('is false for a zombie its parent has not reaped', async () => {
    // `sleep 30` inherits the short sleep as its child and never waits for it, as an orphan's
    // adoptive PID 1 may not for seconds.
    const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30']);
    try {
      const [line] = (await once(parent.stdout, 'data')) as [Buffer];
      const zombie = Number(line.toString().trim());
      await vi.waitFor(() => expect(processAlive(zombie)).toBe(false), { timeout: 2_000 });
      expect(processAlive(parent.pid as number)).toBe(true);
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
