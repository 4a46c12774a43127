import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliIo, runMcpCli } from '../src/cli/mcp-cli.js';
import { everythingBin, fixture, freePort, startHttpServer } from './helpers.js';

// Each file is written exactly as its host writes it (comments, inputs, command arrays and all),
// and served by real MCP servers from npm, started the way those hosts start them: `npx -y`.
const hostFile = (name: string) => fixture(`hosts/${name}`);

let everythingHttp: Awaited<ReturnType<typeof startHttpServer>>;
beforeAll(async () => {
  everythingHttp = await startHttpServer(
    [everythingBin, 'streamableHttp'],
    { PORT: String(await freePort()) },
    /port (\d+)/,
  );
});
afterAll(() => everythingHttp?.stop());

async function list(file: string, env: NodeJS.ProcessEnv = {}) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io: CliIo = {
    out: (t) => stdout.push(t),
    err: (t) => stderr.push(t),
    env: { ...process.env, EVERYTHING_HTTP_URL: everythingHttp.url, WORKSPACE_DIR: process.cwd(), ...env },
  };
  const code = await runMcpCli(['list', '--config', file, '--json'], io);
  const { servers } = JSON.parse(stdout.join('\n')) as {
    servers: { name: string; state: string; error: string | null; tools: { name: string }[] }[];
  };
  return { code, servers, state: Object.fromEntries(servers.map((s) => [s.name, s.state])) };
}

describe("other hosts' config files load unchanged", () => {
  it("Claude Code's .mcp.json", async () => {
    const { code, servers } = await list(hostFile('claude-code.mcp.json'));
    expect(code).toBe(0);
    expect(servers[0]).toMatchObject({ name: 'everything', state: 'connected' });
    expect(servers[0]?.tools.map((t) => t.name)).toContain('everything_echo');
  });

  it("Cursor's mcp.json, with ${workspaceFolder} and ${userHome}", async () => {
    const { servers } = await list(hostFile('cursor.mcp.json'));
    expect(servers[0]).toMatchObject({ name: 'filesystem', state: 'connected' });
    expect(servers[0]?.tools.map((t) => t.name)).toContain('filesystem_read_text_file');
  });

  it("VS Code's .vscode/mcp.json: comments, ${env:…}, an HTTP server, and an input read from MCP_INPUT_<ID>", async () => {
    const unanswered = await list(hostFile('vscode.mcp.json'));
    expect(unanswered.state).toEqual({ everything: 'connected', files: 'failed', remote: 'connected' });
    expect(unanswered.servers.find((s) => s.name === 'files')?.error).toMatch(
      /needs input "fs-root" \(Folder the filesystem server may read\): set MCP_INPUT_FS_ROOT/,
    );
    const answered = await list(hostFile('vscode.mcp.json'), { MCP_INPUT_FS_ROOT: process.cwd() });
    expect(answered.state).toEqual({ everything: 'connected', files: 'connected', remote: 'connected' });
  });

  it("opencode's opencode.json: local and remote, command arrays, {env:…}, enabled: false", async () => {
    const { state } = await list(hostFile('opencode.json'));
    expect(state).toEqual({ everything: 'connected', remote: 'connected', later: 'disabled' });
  });
});
