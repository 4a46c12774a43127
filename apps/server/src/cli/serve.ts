import { webRoot } from '@boocode/web';
import { createBooCode } from '../app.js';
import { loadConfig } from '../config/env.js';
import { describeError } from '../errors.js';

export async function serve(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    console.error(`boocode: ${describeError(error)}`);
    process.exitCode = 1;
    return;
  }
  const booCode = await createBooCode(config, { webRoot }).catch((error: unknown) => {
    console.error(`boocode: cannot start: ${describeError(error)}`);
    process.exitCode = 1;
    return undefined;
  });
  if (!booCode) return;
  const { app } = booCode;
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    const hint =
      (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
        ? `: the port is in use (another BooCode?). Set PORT to a free port, or PORT=0 to pick one`
        : `: ${describeError(error)}`;
    app.log.error(`cannot listen on ${config.host}:${config.port}${hint}`);
    await app.close();
    process.exitCode = 1;
    return;
  }
  if (!config.model)
    app.log.warn('no model configured: set LLM_BASE_URL and LLM_MODEL to chat; tools and MCP work without');
  if (config.host !== '127.0.0.1' && config.host !== 'localhost' && !config.token) {
    app.log.warn(
      `listening on ${config.host} without BOOCODE_TOKEN: anyone who can reach it can read the workspace`,
    );
  }
  void booCode.connectMcp();
}
