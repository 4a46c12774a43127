import { type ChildProcess, spawn } from 'node:child_process';
import {
  deserializeMessage,
  type JSONRPCMessage,
  serializeMessage,
  type Transport,
} from '@modelcontextprotocol/client';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { LineRing } from '../util/ring-buffer.js';

export interface StdioLaunch {
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** SIGTERM→SIGKILL grace on close; defaults to 5 s. */
  killGraceMs?: number;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Grace period between SIGTERM and SIGKILL when closing a child. */
export const KILL_GRACE_MS = 5_000;

/**
 * One JSON-RPC message per line; a line above this is a protocol violation, not a big result
 * (results are capped at 5 MB further on anyway). Its bytes are dropped as they arrive.
 */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;
/** A banner or a stray log line is forgiven; a stream of them marks the server degraded. */
const JUNK_LINES_BEFORE_DEGRADED = 100;
/**
 * Flow control: past this many lines in one window, reading the server's stdout pauses until the
 * window ends, so a server that floods (a notification loop) is slowed at its own pipe instead of
 * taking the host's CPU and memory.
 */
const LINES_PER_WINDOW = 200;
const WINDOW_MS = 100;

/**
 * MCP over a child's stdin/stdout, owning the child process outright: we need its exit code and
 * signal for status, its stderr in a bounded ring, and a SIGTERM→SIGKILL escalation on close that
 * reaches the whole process group (servers launched through `npx` or a shell have grandchildren).
 * Lines on stdout that are not JSON-RPC are kept with stderr instead of killing the connection,
 * because many servers print a banner or log line to stdout by mistake.
 */
export class ManagedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly stderr = new LineRing(50);
  private child?: ChildProcess;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Inside a line over the cap: its bytes are dropped up to its newline. */
  private discarding = false;
  /** Set when the server writes what no MCP server should: over-long or many non-JSON lines. */
  onjunk?: (reason: string) => void;
  private junkLines = 0;
  private window = { start: 0, lines: 0, resume: undefined as NodeJS.Timeout | undefined };
  /** Whether the server was already reported as flooding (once per connection). */
  private throttled = false;
  /** The last notification line, to drop exact repeats unparsed during a flood. */
  private lastNotification?: string;
  private exited?: ExitInfo;
  private exitWaiters: (() => void)[] = [];
  private closing = false;
  private exitRequested = false;

  constructor(private readonly launch: StdioLaunch) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Set once the child has exited; `closing` tells an intended exit from a crash. */
  get exitInfo(): ExitInfo | undefined {
    return this.exited;
  }

  /** True when the child ended by itself rather than through `close()`. */
  get exitedOnItsOwn(): boolean {
    return this.exited !== undefined && !this.exitRequested;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.launch.command, this.launch.args, {
        env: { ...getDefaultEnvironment(), ...this.launch.env },
        cwd: this.launch.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
        windowsHide: true,
      });
      this.child = child;
      child.once('spawn', () => resolve());
      child.once('error', (error: NodeJS.ErrnoException) => {
        const described =
          error.code === 'ENOENT'
            ? new Error(`command not found: ${this.launch.command} (is it installed and on PATH?)`)
            : error;
        if (!this.exited) this.markExited({ code: null, signal: null });
        reject(described);
        this.onerror?.(described);
      });
      child.stdout?.on('data', (chunk: Buffer) => this.onStdout(chunk));
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (chunk: string) => this.stderr.write(chunk));
      // A child that dies makes stdin writes fail with EPIPE; the exit handler reports it.
      child.stdin?.on('error', () => {});
      child.once('exit', (code, signal) => this.markExited({ code, signal }));
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.exited) throw new Error('server process is not running');
    const line = serializeMessage(message);
    if (!stdin.write(line)) await new Promise<void>((resolve) => stdin.once('drain', resolve));
  }

  /** Closes stdin, then SIGTERM, then SIGKILL after the grace period; resolves once the child is gone. */
  async close(): Promise<void> {
    this.closing = true;
    const child = this.child;
    if (!child || this.exited) return;
    child.stdin?.end();
    this.signal('SIGTERM');
    const killTimer = setTimeout(() => this.signal('SIGKILL'), this.launch.killGraceMs ?? KILL_GRACE_MS);
    await new Promise<void>((resolve) => {
      if (this.exited) resolve();
      else this.exitWaiters.push(resolve);
    });
    clearTimeout(killTimer);
  }

  private signal(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined || this.exited) return;
    try {
      // Negative pid: the whole process group we created with `detached`.
      process.kill(process.platform === 'win32' ? pid : -pid, signal);
    } catch {
      try {
        this.child?.kill(signal);
      } catch {
        // already gone
      }
    }
  }

  private markExited(info: ExitInfo): void {
    if (this.exited) return;
    this.exited = info;
    clearTimeout(this.window.resume);
    this.exitRequested = this.closing;
    // Grandchildren may outlive the leader; make sure the group goes with it.
    const pid = this.child?.pid;
    if (pid !== undefined && process.platform !== 'win32') {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // group already empty
      }
    }
    for (const resolve of this.exitWaiters.splice(0)) resolve();
    this.onclose?.();
  }

  private onStdout(chunk: Buffer): void {
    this.splitLines(chunk);
    this.throttle();
  }

  private throttle(): void {
    const now = Date.now();
    const window = this.window;
    if (now - window.start >= WINDOW_MS) {
      window.start = now;
      window.lines = 0;
      return;
    }
    if (window.lines <= LINES_PER_WINDOW || window.resume || this.exited) return;
    const stdout = this.child?.stdout;
    stdout?.pause();
    if (!this.throttled) {
      this.throttled = true;
      this.onjunk?.(
        `writes more than ${(LINES_PER_WINDOW * 1000) / WINDOW_MS} messages a second; reading it is throttled`,
      );
    }
    window.resume = setTimeout(
      () => {
        window.resume = undefined;
        window.start = Date.now();
        window.lines = 0;
        stdout?.resume();
      },
      WINDOW_MS - (now - window.start),
    );
  }

  private splitLines(chunk: Buffer): void {
    let start = 0;
    for (let i = chunk.indexOf(10); i !== -1; start = i + 1, i = chunk.indexOf(10, start)) {
      if (this.discarding) {
        this.discarding = false;
        continue;
      }
      this.window.lines++;
      this.pending.push(chunk.subarray(start, i));
      const line = Buffer.concat(this.pending).toString('utf8');
      this.pending = [];
      this.pendingBytes = 0;
      this.onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
    if (start >= chunk.length || this.discarding) return;
    // Copied: a subarray would pin the whole chunk read from the pipe.
    this.pending.push(Buffer.from(chunk.subarray(start)));
    this.pendingBytes += chunk.length - start;
    if (this.pendingBytes > MAX_LINE_BYTES) {
      this.pending = [];
      this.pendingBytes = 0;
      this.discarding = true;
      this.stderr.push(`[stdout] a line over ${MAX_LINE_BYTES} bytes was discarded`);
      this.onjunk?.(`wrote a line over ${MAX_LINE_BYTES / 1024 / 1024} MB to stdout (discarded)`);
    }
  }

  private onLine(line: string): void {
    if (line.trim() === '') return;
    // In a flood, a notification identical to the one just before it says nothing new: it is
    // dropped unparsed (a tools/list_changed loop sends hundreds of thousands of the same line).
    if (line === this.lastNotification && this.window.lines > LINES_PER_WINDOW / 2) return;
    this.lastNotification = line.length < 1024 && !line.includes('"id"') ? line : undefined;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch {
      this.stderr.push(`[stdout, not JSON-RPC] ${line}`);
      if (++this.junkLines === JUNK_LINES_BEFORE_DEGRADED)
        this.onjunk?.(
          `wrote ${JUNK_LINES_BEFORE_DEGRADED} lines of non-JSON-RPC text to stdout (kept with stderr)`,
        );
      return;
    }
    this.onmessage?.(message);
  }
}
