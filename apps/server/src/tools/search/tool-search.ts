import type { Message } from '@boocode/api-types';
import MiniSearch from 'minisearch';
import { z } from 'zod';
import type { ToolSearchLimits } from '../../config/env.js';
import { estimateTokens } from '../../inference/prompt.js';
import { defineTool } from '../native/define.js';
import type { ToolDef } from '../types.js';

export const TOOL_SEARCH = 'tool_search';

/** `github_createIssue`, `repo-name` → `github create issue repo name`: names as the words they are. */
const words = (text: string) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-./:]+/g, ' ')
    .toLowerCase();

const parameterNames = (tool: ToolDef) =>
  Object.keys((tool.inputSchema.properties as Record<string, unknown> | undefined) ?? {});

/** Words that say nothing about which tool is meant ("show me the logs of the pod"). */
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from how i in is it its me my of on or our please show that the their them then there this to us we what when where which who why will with you your'.split(
    ' ',
  ),
);

/** BM25 over tools' names (weighted most), parameter names and descriptions. */
export class ToolIndex {
  private readonly search: MiniSearch<{ id: number; name: string; params: string; description: string }>;

  constructor(private readonly tools: readonly ToolDef[]) {
    this.search = new MiniSearch({
      fields: ['name', 'params', 'description'],
      processTerm: (term) => (term.length > 1 && !STOP_WORDS.has(term) ? term : null),
      searchOptions: { boost: { name: 3, params: 1.5 }, prefix: true, fuzzy: 0.15, combineWith: 'OR' },
    });
    this.search.addAll(
      tools.map((tool, id) => ({
        id,
        name: words(tool.name),
        params: parameterNames(tool).map(words).join(' '),
        description: tool.description,
      })),
    );
  }

  find(query: string, limit: number): ToolDef[] {
    return this.search
      .search(words(query))
      .slice(0, limit)
      .flatMap((hit) => this.tools[hit.id as number] ?? []);
  }
}

/** The first line of a tool_search result names what it found, so a session's finds can be read back. */
const FOUND_LINE = /^found: (.*)$/m;

/** Tools this session's earlier tool_search calls found (read from the stored results). */
export function foundInSession(history: readonly Message[]): Set<string> {
  const found = new Set<string>();
  for (const message of history)
    for (const part of message.parts)
      if (part.type === 'tool_result' && part.name === TOOL_SEARCH && !part.error)
        for (const name of FOUND_LINE.exec(part.output)?.[1]?.split(', ') ?? []) if (name) found.add(name);
  return found;
}

/**
 * What one model request carries. Under the limits: every allowed tool. Past them: the native
 * tools, `tool_search` over all allowed tools, and those found so far in the session, alpha-sorted
 * (so the prompt prefix stays the same between discoveries).
 */
export function offeredTools(
  allowed: readonly ToolDef[],
  history: readonly Message[],
  limits: ToolSearchLimits,
): { tools: ToolDef[]; searching: boolean } {
  const schemaTokens = () =>
    estimateTokens(JSON.stringify(allowed.map((t) => [t.name, t.description, t.inputSchema])));
  if (allowed.length <= limits.maxTools && schemaTokens() <= limits.maxTokens)
    return { tools: [...allowed], searching: false };
  const found = foundInSession(history);
  const tools = [
    ...allowed.filter((t) => t.source === 'native' || found.has(t.name)),
    toolSearchTool(allowed),
  ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { tools, searching: true };
}

function describe(tool: ToolDef): string {
  const params = parameterNames(tool);
  const line = tool.description.split('\n')[0] ?? '';
  return `- ${tool.name} — ${line.length > 200 ? `${line.slice(0, 199)}…` : line}${params.length ? ` (arguments: ${params.join(', ')})` : ''}`;
}

/** `tool_search` over `allowed`: what it finds joins the model's tools from its next step. */
export function toolSearchTool(allowed: readonly ToolDef[]): ToolDef {
  const hidden = allowed.filter((t) => t.source !== 'native');
  let index: ToolIndex | undefined;
  return defineTool({
    name: TOOL_SEARCH,
    description: `Find tools among ${hidden.length} more that are not loaded yet (MCP servers' tools). Describe what you need to do (e.g. "create a github issue", "query postgres"); the best matches are loaded and can be called from your next step.`,
    schema: z.object({
      query: z.string().min(1).describe('What the tool should do, in words'),
      limit: z.number().int().min(1).max(10).optional().describe('Default 5'),
    }),
    async run({ query, limit }) {
      index ??= new ToolIndex(hidden);
      const hits = index.find(query, limit ?? 5);
      if (hits.length === 0)
        return `found: \nNo tool matches "${query}"; try other words (what it does, the service it belongs to).`;
      return `found: ${hits.map((t) => t.name).join(', ')}\nLoaded; call them from your next step:\n${hits.map(describe).join('\n')}`;
    },
  });
}
