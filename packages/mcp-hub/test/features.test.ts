import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { McpHub } from '../src/registry/hub.js';
import { everythingBin, filesystemBin, fixture, stdio, tempDir } from './helpers.js';

const hubs: McpHub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.close()));
});

async function everythingHub(roots?: { uri: string; name?: string }[]) {
  const hub = new McpHub([stdio('everything', everythingBin, ['stdio'])], roots ? { roots } : {});
  hubs.push(hub);
  await hub.start();
  expect(hub.status()[0]?.state).toBe('connected');
  return hub;
}

const text = (result: { output: string }) => result.output;

describe('resources, prompts and roots through the hub (server-everything over stdio)', () => {
  it('lists resources and templates, reads text and binary, and says what the server offers', async () => {
    const hub = await everythingHub();
    expect(hub.status()[0]?.features).toEqual({ resources: true, subscribe: true, prompts: true });
    const { resources, templates } = await hub.listResources('everything');
    expect(resources.length).toBeGreaterThan(0);
    expect(templates.map((t) => t.uriTemplate)).toContain('demo://resource/dynamic/text/{resourceId}');
    const [textItem] = await hub.readResource('everything', 'demo://resource/dynamic/text/3');
    expect(textItem).toMatchObject({ uri: 'demo://resource/dynamic/text/3' });
    expect(textItem?.text).toMatch(/3/);
    const [blobItem] = await hub.readResource('everything', 'demo://resource/dynamic/blob/2');
    expect(blobItem?.blob).toMatch(/^[A-Za-z0-9+/=]+$/);
    const document = resources.find((r) => r.uri.startsWith('demo://resource/static/document/'));
    expect(document).toBeDefined();
    const [read] = await hub.readResource('everything', document?.uri ?? '');
    expect(read?.text?.length).toBeGreaterThan(0);
  });

  it('lists prompts with their arguments and gets one with arguments filled in', async () => {
    const hub = await everythingHub();
    const prompts = await hub.listPrompts('everything');
    const args = prompts.find((p) => p.name === 'args-prompt');
    expect(args?.arguments).toEqual([
      expect.objectContaining({ name: 'city', required: true }),
      expect.objectContaining({ name: 'state', required: false }),
    ]);
    const result = await hub.getPrompt('everything', 'args-prompt', { city: 'Lisbon', state: 'Lx' });
    expect(result.messages[0]).toMatchObject({ role: 'user', content: { type: 'text' } });
    expect(JSON.stringify(result.messages)).toContain('Lisbon');
    await expect(hub.getPrompt('everything', 'args-prompt', {})).rejects.toMatchObject({
      code: 'CALL_FAILED',
    });
  });

  it('answers roots/list with the host roots and tells the server when they change', async () => {
    const first = pathToFileURL(await tempDir('hub-root-a-')).href;
    const second = pathToFileURL(await tempDir('hub-root-b-')).href;
    const hub = await everythingHub([{ uri: first, name: 'workspace' }]);
    await vi.waitFor(async () => {
      expect(text(await hub.callTool('everything_get-roots-list', {}))).toContain(first);
    });
    await hub.setRoots([{ uri: second, name: 'other' }]);
    await vi.waitFor(async () => {
      expect(text(await hub.callTool('everything_get-roots-list', {}))).toContain(second);
    });
  });

  it('delivers resource updates for a subscribed URI (2025-era server) and stops after unsubscribing', async () => {
    const hub = new McpHub([stdio('legacy', fixture('legacy-resources-server.mjs'))]);
    hubs.push(hub);
    await hub.start();
    // It offers no tools at all: connected, not failed on a tools/list it does not know.
    expect(hub.status()[0]).toMatchObject({ state: 'connected', toolCount: 0 });
    expect(hub.status()[0]?.features).toEqual({ resources: true, subscribe: true, prompts: false });
    const updates: string[] = [];
    hub.on('resourceUpdated', (server, uri) => updates.push(`${server} ${uri}`));
    await hub.subscribeResource('legacy', 'fixture://clock');
    await vi.waitFor(() => expect(updates.length).toBeGreaterThanOrEqual(2));
    expect(updates[0]).toBe('legacy fixture://clock');
    const [now] = await hub.readResource('legacy', 'fixture://clock');
    expect(now?.text).toMatch(/^tick [1-9]/);
    await hub.subscribeResource('legacy', 'fixture://clock', false);
    const after = updates.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(updates.length).toBeLessThanOrEqual(after + 1);
  });

  it('refuses clearly what a server does not offer, and unknown servers', async () => {
    const dir = await tempDir('hub-fs-');
    const hub = new McpHub([stdio('fs', filesystemBin, [dir])]);
    hubs.push(hub);
    await hub.start();
    expect(hub.status()[0]?.features.prompts).toBe(false);
    await expect(hub.listPrompts('fs')).rejects.toMatchObject({
      code: 'NOT_SUPPORTED',
      message: 'MCP server "fs" offers no prompts',
    });
    await expect(hub.listResources('nope')).rejects.toMatchObject({ code: 'UNKNOWN_SERVER' });
  });
});
