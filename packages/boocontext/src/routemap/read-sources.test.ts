import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RootSources } from './read-sources.js';

const root = mkdtempSync(path.join(tmpdir(), 'routemap-sources-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('RootSources', () => {
  it('keeps the calls while nothing changes, and reads a changed, added or removed file again', async () => {
    const file = path.join(root, 'api.js');
    writeFileSync(file, "export const list = () => fetch('/api/orders');\n");
    const sources = new RootSources(root);
    const first = await sources.calls();
    expect(first.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/orders']);
    expect(await sources.calls()).toBe(first);

    writeFileSync(file, "export const list = () => fetch('/api/orders', { method: 'POST' });\n");
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect((await sources.calls()).calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/orders']);

    writeFileSync(path.join(root, 'tags.ts'), "export const tags = () => fetch('/api/tags');\n");
    expect((await sources.calls()).calls.map((c) => c.path)).toEqual(['/api/orders', '/api/tags']);
    rmSync(file);
    expect((await sources.calls()).calls.map((c) => c.path)).toEqual(['/api/tags']);
  });
});
