import { ConfigError } from '../errors.js';
import type { Scanner } from '../scanner/scan.js';
import type { ServerDeps } from '../server.js';
import { buildServer } from '../server.js';
import { serveHttp } from './serve-http.js';

/** How often the shared index of every root served is brought up to date between calls. */
const REFRESH_MS = 30_000;

export interface TeamServeOptions {
  deps: Required<ServerDeps>;
  host: string;
  port: number;
  token?: string;
  allowedHosts: readonly string[];
  /** Start the children (code-graph's index, ts-types' program) before the first call. */
  warm: boolean;
}

/**
 * `boocontext serve --http`: one process for a team, so one index per repository root, built at
 * start and kept fresh in the background; every client's request is served from it.
 */
export async function serveTeam(options: TeamServeOptions): Promise<void> {
  const { deps } = options;
  const log = (line: string) => process.stderr.write(`${line}\n`);
  let serving: Awaited<ReturnType<typeof serveHttp>>;
  try {
    serving = await serveHttp(() => buildServer(deps), {
      host: options.host,
      port: options.port,
      allowedHosts: options.allowedHosts,
      log,
      ...(options.token ? { token: options.token } : {}),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    log(
      error instanceof ConfigError
        ? `boocontext: ${error.message}`
        : code === 'EADDRINUSE'
          ? `boocontext: port ${options.port} on ${options.host} is in use: pass --port with a free one (0 picks one)`
          : `boocontext: cannot serve on ${options.host}:${options.port}: ${(error as Error).message}`,
    );
    await deps.children.shutdown();
    process.exit(error instanceof ConfigError ? 2 : 1);
  }
  log(
    `boocontext: serving ${deps.roots.dirs.join(', ')} at ${serving.url}${options.token ? ' (bearer token required)' : ''}`,
  );
  const refresher = keepFresh(deps.scanner, deps.roots.dirs, log);
  // Its roots are known from the start: code-graph indexes each now, not at the first call naming
  // it (a no-op with --lazy).
  for (const root of deps.roots.dirs) deps.children.indexAhead(root);
  if (options.warm)
    void deps.children.warm().catch((error: Error) => log(`boocontext: warm-up failed: ${error.message}`));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(refresher);
    await serving.close().catch(() => {});
    deps.scanner.persist();
    // No child may outlive the server.
    await deps.children.shutdown().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

/** Scans each root now and then every REFRESH_MS; a call meanwhile joins the scan running. */
function keepFresh(scanner: Scanner, roots: readonly string[], log: (line: string) => void): NodeJS.Timeout {
  const refresh = () => {
    for (const root of roots)
      scanner
        .scan(root)
        .catch((error: Error) => log(`boocontext: refreshing ${root} failed: ${error.message}`));
  };
  refresh();
  const timer = setInterval(refresh, REFRESH_MS);
  timer.unref();
  return timer;
}
