import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { McpHub } from '@boocode/mcp-hub';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// boocontext as a host sees it (through BooCode's hub, a real MCP client): roots, resources, prompts.
const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.join(here, '../dist/bundle/boocontext.cjs');
const work = mkdtempSync(path.join(tmpdir(), 'boocontext-host-'));
const express = path.join(work, 'express');
const elsewhere = path.join(work, 'elsewhere');
const hubs: McpHub[] = [];

beforeAll(() => {
  cpSync(path.join(here, 'fixtures/repos/express'), express, { recursive: true });
  cpSync(path.join(here, 'fixtures/repos/fastapi'), elsewhere, { recursive: true });
});
afterAll(async () => {
  await Promise.all(hubs.map((hub) => hub.close()));
  rmSync(work, { recursive: true, force: true });
});

/** boocontext started in `elsewhere` (its working directory), the host's root `express`. */
async function hostWith(args: string[] = []) {
  const hub = new McpHub(
    [
      {
        name: 'bc',
        transport: 'stdio',
        command: process.execPath,
        args: [cli, ...args],
        cwd: elsewhere,
        enabled: true,
      },
    ],
    { roots: [{ uri: pathToFileURL(express).href, name: 'express' }] },
  );
  hubs.push(hub);
  await hub.start();
  expect(hub.status()[0]).toMatchObject({ state: 'connected', features: { resources: true, prompts: true } });
  return hub;
}

const overviewOf = async (hub: McpHub, args: Record<string, unknown> = {}) =>
  JSON.parse((await hub.callTool('bc_boocontext_overview', args)).output) as {
    verdict: string;
    summary: string;
    details: { frameworks?: string[]; stack?: { frameworks?: string[] } };
  };

describe('boocontext in a host that gives roots', () => {
  it('works in the client root when started without --root/--allow, and refuses its own cwd then', async () => {
    const hub = await hostWith();
    const overview = await overviewOf(hub);
    expect(JSON.stringify(overview)).toMatch(/express/i);
    expect(JSON.stringify(overview)).not.toMatch(/fastapi/i);
    const outside = await overviewOf(hub, { root: elsewhere });
    expect(outside).toMatchObject({ verdict: 'UNSAFE', details: { error: { code: 'OUTSIDE_ROOT' } } });
  });

  it('asks a 2025-era client for its roots too (pushed roots/list)', async () => {
    const client = new Client(
      { name: 'legacy-host', version: '1' },
      { capabilities: { roots: { listChanged: true } }, versionNegotiation: { mode: 'legacy' } },
    );
    let asked = 0;
    client.setRequestHandler('roots/list', async () => {
      asked++;
      return { roots: [{ uri: pathToFileURL(express).href }] };
    });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [cli], cwd: elsewhere }),
    );
    try {
      expect(client.getNegotiatedProtocolVersion()).not.toBe('2026-07-28');
      const result = await client.callTool({ name: 'boocontext_overview', arguments: {} });
      expect(JSON.stringify(result.structuredContent)).toMatch(/express/i);
      expect(asked).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('keeps flags over roots: --allow names what it may read', async () => {
    const hub = await hostWith(['--allow', elsewhere]);
    expect(JSON.stringify(await overviewOf(hub))).toMatch(/fastapi/i);
  });

  it('serves its map and overview as resources', async () => {
    const hub = await hostWith();
    await overviewOf(hub);
    const { resources } = await hub.listResources('bc');
    expect(resources.map((r) => r.uri).sort()).toEqual(['boocontext://map', 'boocontext://overview']);
    const [map] = await hub.readResource('bc', 'boocontext://map');
    expect(map).toMatchObject({
      mimeType: 'text/markdown',
      text: expect.stringMatching(/^(SAFE|CAUTION): /),
    });
    expect(map?.text).toMatch(/\/api/);
    const [overview] = await hub.readResource('bc', 'boocontext://overview');
    expect(JSON.parse(overview?.text ?? '{}')).toMatchObject({ metadata: { tool: 'boocontext_overview' } });
  });

  it("offers the skill's three flows as prompts, the subject filled in", async () => {
    const hub = await hostWith();
    const prompts = await hub.listPrompts('bc');
    expect(prompts.map((p) => p.name)).toEqual(['orientation', 'change-impact', 'health-audit']);
    expect(prompts[1]?.arguments).toEqual([expect.objectContaining({ name: 'target', required: true })]);
    const got = await hub.getPrompt('bc', 'change-impact', { target: 'formatTotal' });
    const text = String(got.messages[0]?.content.text);
    expect(text).toMatch(/boocontext_impact/);
    expect(text).toMatch(/Target: formatTotal$/);
    await expect(hub.getPrompt('bc', 'change-impact', {})).rejects.toMatchObject({ code: 'CALL_FAILED' });
  });
});
