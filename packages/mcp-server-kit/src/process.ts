import { readFileSync } from 'node:fs';

/**
 * Whether a process with this pid is running. EPERM means it is, owned by someone else: a lock held
 * by another user's process is still held. A zombie is not running: it has exited and only waits
 * for its parent to reap it, which for an orphan can take seconds where PID 1 reaps lazily
 * (container and microVM inits), and a zombie holds no lock and serves no one.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !exitedUnreaped(pid);
}

/** Linux only, from /proc; elsewhere a process that answers signal 0 counts as running. */
function exitedUnreaped(pid: number): boolean {
  if (process.platform !== 'linux') return false;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    // Reaped between the signal and the read.
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
  // The command name in parentheses may hold spaces or ')'; the state follows the last ')'.
  const close = stat.lastIndexOf(')');
  return stat.slice(close + 2, close + 3) === 'Z';
}
