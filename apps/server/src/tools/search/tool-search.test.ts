import type { Message } from '@boocode/api-types';
import { describe, expect, it } from 'vitest';
import type { ToolDef } from '../types.js';
import { foundInSession, offeredTools, TOOL_SEARCH, ToolIndex, toolSearchTool } from './tool-search.js';

const tool = (
  name: string,
  description: string,
  params: string[] = [],
  source: 'native' | 'mcp' = 'mcp',
): ToolDef => ({
  name,
  description,
  source,
  inputSchema: { type: 'object', properties: Object.fromEntries(params.map((p) => [p, { type: 'string' }])) },
  run: async () => ({ error: false, output: name }),
});

const catalog = [
  tool('view_file', 'Read a file of the workspace', ['path'], 'native'),
  tool('github_create_issue', 'Open a new issue in a GitHub repository', ['owner', 'repo', 'title', 'body']),
  tool('github_list_pull_requests', 'List pull requests of a repository', ['owner', 'repo', 'state']),
  tool('slack_post_message', 'Send a message to a Slack channel', ['channel', 'text']),
  tool('postgres_query', 'Run a read-only SQL query against the database', ['sql']),
  tool('calendar_createEvent', 'Schedule a meeting on the calendar', ['startTime', 'attendees']),
];

const result = (name: string, output: string, error = false): Message => ({
  id: 'm',
  role: 'assistant',
  turnId: 't',
  status: 'complete',
  createdAt: 0,
  parts: [{ id: 1, type: 'tool_result', callId: 'c', name, output, error, durationMs: 1 }],
});

describe('ToolIndex', () => {
  it('ranks by name words, parameter names and description', () => {
    const index = new ToolIndex(catalog);
    expect(index.find('open an issue on github', 3)[0]?.name).toBe('github_create_issue');
    expect(index.find('sql database', 3)[0]?.name).toBe('postgres_query');
    // camelCase names and parameters are split into words.
    expect(index.find('create event attendees', 3)[0]?.name).toBe('calendar_createEvent');
    expect(index.find('pull requests', 1).map((t) => t.name)).toEqual(['github_list_pull_requests']);
    expect(index.find('zzz qqq', 3)).toEqual([]);
  });
});

describe('offeredTools', () => {
  it('offers everything under the limits, and native + tool_search + found tools past them', () => {
    expect(offeredTools(catalog, [], { maxTools: 10, maxTokens: 100_000 })).toMatchObject({
      searching: false,
    });
    const history = [result(TOOL_SEARCH, 'found: slack_post_message, postgres_query\nLoaded…')];
    const offered = offeredTools(catalog, history, { maxTools: 3, maxTokens: 100_000 });
    expect(offered.searching).toBe(true);
    expect(offered.tools.map((t) => t.name)).toEqual([
      'postgres_query',
      'slack_post_message',
      'tool_search',
      'view_file',
    ]);
    // The schema size alone can switch it on.
    expect(offeredTools(catalog, [], { maxTools: 100, maxTokens: 10 }).searching).toBe(true);
  });

  it('reads finds back from successful tool_search results only', () => {
    const history = [
      result(TOOL_SEARCH, 'found: a_one, b_two\n…'),
      result(TOOL_SEARCH, 'found: c_three', true),
      result('grep', 'found: d_four'),
      result(TOOL_SEARCH, 'found: \nNo tool matches'),
    ];
    expect([...foundInSession(history)]).toEqual(['a_one', 'b_two']);
  });
});

describe('the tool_search tool', () => {
  it('searches the MCP tools only and says what it loaded, in the line the session reads back', async () => {
    const search = toolSearchTool(catalog);
    expect(search.description).toMatch(/among 5 more/);
    const hit = await search.run(
      { query: 'post to slack', limit: 2 },
      { signal: new AbortController().signal },
    );
    expect(hit.output.split('\n')[0]).toMatch(/^found: slack_post_message/);
    expect(hit.output).toContain('(arguments: channel, text)');
    const none = await search.run({ query: 'read a file' }, { signal: new AbortController().signal });
    expect(none.output).not.toContain('view_file');
    expect((await search.run({}, { signal: new AbortController().signal })).error).toBe(true);
  });
});
