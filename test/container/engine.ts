import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot, run } from '../support.js';

/** The official base the Dockerfile names, as an engine stores it. */
export const BASE_IMAGE = 'docker.io/library/node:22-bookworm-slim';

export interface Engine {
  name: 'podman' | 'docker';
  /** Runs the engine; a non-zero exit throws with what it printed. */
  exec(args: string[], timeoutMs?: number): Promise<string>;
  /** Runs the engine and hands back the exit, whatever it was. */
  try(args: string[], timeoutMs?: number): Promise<{ code: number | null; output: string }>;
  /** Where a container reaches the machine it runs on. */
  hostName: string;
  /** `run` options that make `hostName` resolve inside the container. */
  hostArgs: string[];
}

function answers(command: string): boolean {
  try {
    execFileSync(command, ['info'], { stdio: 'ignore', timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
}

/** The engine that is there and answers (CONTAINER_ENGINE picks one), or a message saying what to install. */
export function findEngine(): Engine {
  const wanted = process.env.CONTAINER_ENGINE;
  const names = wanted ? [wanted] : ['podman', 'docker'];
  const name = names.find(answers) as Engine['name'] | undefined;
  if (!name)
    throw new Error(
      `no container engine answers (${names.join(', ')}): install podman (apt-get install podman runc) or start Docker`,
    );
  const tryRun = async (args: string[], timeoutMs = 120_000) => {
    const ran = await run(name, args, { timeoutMs });
    // podman without systemd reports its healthcheck timers as errors on every run; they are not ours.
    const noise = /^time="[^"]*" level=error msg="[^\n]*(healthcheck|systemd)[^\n]*\n?/gm;
    return { code: ran.code, output: `${ran.stdout}${ran.stderr.replace(noise, '')}` };
  };
  return {
    name,
    try: tryRun,
    async exec(args, timeoutMs) {
      const ran = await tryRun(args, timeoutMs);
      if (ran.code !== 0)
        throw new Error(`${name} ${args.join(' ')} failed (${ran.code}):\n${ran.output.slice(-3000)}`);
      return ran.output;
    },
    hostName: name === 'podman' ? 'host.containers.internal' : 'host.docker.internal',
    hostArgs: name === 'podman' ? [] : ['--add-host', 'host.docker.internal:host-gateway'],
  };
}

/**
 * The base image, pulled if the engine can, else built as a local stand-in (same name and shape)
 * by stand-in-base.sh where no registry is reachable.
 */
export async function ensureBaseImage(engine: Engine): Promise<void> {
  if ((await engine.try(['image', 'inspect', BASE_IMAGE])).code === 0) return;
  if ((await engine.try(['pull', BASE_IMAGE], 180_000)).code === 0) return;
  const script = path.join(repoRoot, 'test/container/stand-in-base.sh');
  const built = await run('bash', [script], {
    timeoutMs: 600_000,
    env: { ...process.env, CONTAINER_ENGINE: engine.name, BASE_IMAGE },
  });
  if (built.code !== 0)
    throw new Error(`${BASE_IMAGE} can be neither pulled nor stood in for:\n${built.stderr.slice(-3000)}`);
}

/** Builds the repository's Dockerfile as a user would; podman keeps HEALTHCHECK only in Docker's format. */
export async function buildImage(engine: Engine, tag: string): Promise<void> {
  const format = engine.name === 'podman' ? ['--format', 'docker'] : [];
  await engine.exec(['build', ...format, '-t', tag, repoRoot], 1_200_000);
}
