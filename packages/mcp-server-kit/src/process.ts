/**
 * Whether a process with this pid exists. EPERM means it does, owned by someone else: a lock held
 * by another user's process is still held.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
