import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../src/testing/harness.js';

// Resources, prompts and roots of server-everything through BooCode's API (a real server over stdio).
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('MCP resources and prompts over the API', () => {
  it('lists and reads resources, text and binary', async () => {
    const listing = await h.api('GET', '/api/mcp/everything/resources');
    expect(listing.status).toBe(200);
    expect(listing.body.templates.map((t: { uriTemplate: string }) => t.uriTemplate)).toContain(
      'demo://resource/dynamic/text/{resourceId}',
    );
    const text = await h.api(
      'GET',
      `/api/mcp/everything/resource?uri=${encodeURIComponent('demo://resource/dynamic/text/5')}`,
    );
    expect(text).toMatchObject({
      status: 200,
      body: { truncated: false, contents: [{ uri: 'demo://resource/dynamic/text/5' }] },
    });
    expect(text.body.contents[0].text).toContain('5');
    const blob = await h.api(
      'GET',
      `/api/mcp/everything/resource?uri=${encodeURIComponent('demo://resource/dynamic/blob/5')}`,
    );
    expect(blob.body.contents[0].blob).toMatch(/^[A-Za-z0-9+/=]+$/);
  });

  it('lists prompts and gets one with arguments; a missing required argument is the server error', async () => {
    const prompts = await h.api('GET', '/api/mcp/everything/prompts');
    expect(prompts.body.prompts.map((p: { name: string }) => p.name)).toContain('args-prompt');
    const got = await h.api('POST', '/api/mcp/everything/prompts/args-prompt', {
      arguments: { city: 'Braga' },
    });
    expect(got.status).toBe(200);
    expect(got.body.messages[0]).toMatchObject({
      role: 'user',
      content: { type: 'text', text: expect.stringContaining('Braga') },
    });
    const missing = await h.api('POST', '/api/mcp/everything/prompts/args-prompt', { arguments: {} });
    expect(missing).toMatchObject({ status: 502, body: { error: { code: 'MCP_ERROR' } } });
  });

  it('refuses bad input and unknown servers with clear errors', async () => {
    expect(await h.api('GET', '/api/mcp/nope/prompts')).toMatchObject({
      status: 404,
      body: { error: { code: 'NOT_FOUND' } },
    });
    expect(await h.api('GET', '/api/mcp/everything/resource')).toMatchObject({ status: 400 });
    const numbers = await h.api('POST', '/api/mcp/everything/prompts/args-prompt', {
      arguments: { city: 3 },
    });
    expect(numbers).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringMatching(/city/) } },
    });
  });

  it('gives MCP servers the workspace as their root', async () => {
    const call = await h.api('POST', '/api/tools/everything_get-roots-list/call', { arguments: {} });
    expect(call.body.output).toContain(pathToFileURL(h.workspace).href.replace(/\/$/, ''));
  });
});
