import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TurnEvent } from '@boocode/api-types';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { type BooCode, createBooCode } from '../app.js';
import { loadConfig } from '../config/env.js';

const require = createRequire(import.meta.url);
export const everythingBin = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

export const AGENTS_MD = `# Agents

## reader
description: Reads files only
tools: [view_file]

You read files.

## no-everything
description: Everything but the everything server
tools: [*, !everything_*]

You help.
`;

export interface Harness {
  url: string;
  booCode: BooCode;
  workspace: string;
  dataDir: string;
  api: (
    method: string,
    route: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; body: any }>;
  close: () => Promise<void>;
}

/** A real BooCode on loopback: real SQLite, a real workspace on disk, real MCP servers. */
export async function startHarness(
  options: {
    modelUrl?: string;
    env?: Record<string, string>;
    mcp?: boolean;
    dataDir?: string;
    /** More `mcpServers` entries beside `everything`. */
    servers?: Record<string, unknown>;
    /** The built page to serve at `/` (the page's own tests pass theirs). */
    webRoot?: string;
  } = {},
): Promise<Harness> {
  const root = await mkdtemp(path.join(tmpdir(), 'boocode-test-'));
  const workspace = path.join(root, 'workspace');
  const dataDir = options.dataDir ?? path.join(root, 'data');
  await mkdir(path.join(workspace, 'src'), { recursive: true });
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(workspace, 'src', 'hello.ts'), 'export const hello = "world";\n');
  await writeFile(path.join(workspace, '.gitignore'), 'secret.txt\n');
  await writeFile(path.join(workspace, 'secret.txt'), 'hunter2\n');
  await writeFile(path.join(root, 'outside.txt'), 'outside the workspace\n');
  await symlink(path.join(root, 'outside.txt'), path.join(workspace, 'escape.txt'));
  await writeFile(path.join(dataDir, 'AGENTS.md'), AGENTS_MD);
  const mcpPath = path.join(dataDir, 'mcp.json');
  await writeFile(
    mcpPath,
    JSON.stringify({
      mcpServers:
        options.mcp === false
          ? {}
          : {
              everything: { command: process.execPath, args: [everythingBin, 'stdio'] },
              ...options.servers,
            },
    }),
  );
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    WORKSPACE_DIR: workspace,
    MCP_CONFIG_PATH: mcpPath,
    ...(options.modelUrl ? { LLM_BASE_URL: options.modelUrl, LLM_MODEL: 'scripted' } : {}),
    ...options.env,
  });
  const booCode = await createBooCode(config, {
    logger: false,
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
  });
  await booCode.app.listen({ host: '127.0.0.1', port: 0 });
  await booCode.connectMcp();
  const address = booCode.app.server.address() as import('node:net').AddressInfo;
  const url = `http://127.0.0.1:${address.port}`;
  const api: Harness['api'] = async (method, route, body, headers = {}) => {
    const response = await fetch(url + route, {
      method,
      headers: {
        'x-boocode-client': 'test',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  return {
    url,
    booCode,
    workspace,
    dataDir,
    api,
    close: async () => {
      await booCode.app.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Reads an SSE response until `stop` says so (or the stream ends); returns events with their ids. */
export async function readEvents(
  url: string,
  init: RequestInit & { stop?: (e: TurnEvent) => boolean } = {},
): Promise<{ events: TurnEvent[]; ids: string[] }> {
  const controller = new AbortController();
  const response = await fetch(url, {
    ...init,
    headers: { accept: 'text/event-stream', ...init.headers },
    signal: controller.signal,
  });
  if (!response.ok || !response.body)
    throw new Error(`SSE request failed: ${response.status} ${await response.text()}`);
  const events: TurnEvent[] = [];
  const ids: string[] = [];
  const stream = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream());
  try {
    for await (const message of stream) {
      if (!message.data) continue;
      const event = JSON.parse(message.data) as TurnEvent;
      events.push(event);
      if (message.id) ids.push(message.id);
      if (init.stop?.(event)) {
        controller.abort();
        break;
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return { events, ids };
}

export const textOf = (events: TurnEvent[]) =>
  events.flatMap((e) => (e.type === 'text-delta' ? [e.delta] : [])).join('');
