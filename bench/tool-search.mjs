// Tool search: the request a model gets with 10 MCP servers of 30 tools each (bench/fixtures/
// tool-catalog.mjs), with every schema sent versus tool search (native tools + tool_search + the
// five found), in the tokens BooCode estimates for the context window; and found-tool recall:
// for thirty tasks a user would ask, is the tool that does it in tool_search's top 5?
// Goals: ≥ 5× smaller request; recall ≥ 90%.
import { estimateTokens } from '../apps/server/dist/inference/prompt.js';
import { nativeToolsInProcess } from '../apps/server/dist/tools/native/index.js';
import { offeredTools, TOOL_SEARCH, ToolIndex } from '../apps/server/dist/tools/search/tool-search.js';
import { Workspace } from '../apps/server/dist/tools/workspace.js';
import { TASKS, toolCatalog } from './fixtures/tool-catalog.mjs';

const mcp = toolCatalog().map((tool) => ({
  ...tool,
  source: 'mcp',
  run: async () => ({ error: false, output: '' }),
}));
const native = nativeToolsInProcess(await Workspace.open(process.cwd()));
const allowed = [...native, ...mcp].sort((a, b) => (a.name < b.name ? -1 : 1));
const requestTokens = (tools) =>
  estimateTokens(
    JSON.stringify(
      tools.map((t) => ({
        type: 'function',
        function: { name: t.name, description: t.description, parameters: t.inputSchema },
      })),
    ),
  );

const limits = { maxTools: 40, maxTokens: 15_000 };
const everything = requestTokens(allowed);
const found = mcp.slice(0, 5).map((t) => t.name);
const history = [
  {
    role: 'assistant',
    parts: [{ type: 'tool_result', name: TOOL_SEARCH, error: false, output: `found: ${found.join(', ')}` }],
  },
];
const searching = offeredTools(allowed, history, limits);
const searched = requestTokens(searching.tools);
console.log(
  `${mcp.length} MCP tools on 10 servers + ${native.length} native: every schema ~${everything} tokens; ` +
    `with tool search (${searching.tools.length} tools: native, tool_search, 5 found) ~${searched} tokens: ` +
    `${(everything / searched).toFixed(1)}x smaller (goal ≥ 5x)`,
);

const index = new ToolIndex(mcp);
const misses = [];
for (const [task, expected] of TASKS) {
  const top = index.find(task, 5).map((t) => t.name);
  if (!top.includes(expected))
    misses.push(`  miss: "${task}" → ${top.join(', ') || '(nothing)'} (wanted ${expected})`);
}
const recall = (TASKS.length - misses.length) / TASKS.length;
console.log(`recall@5 on ${TASKS.length} tasks: ${(recall * 100).toFixed(0)}% (goal ≥ 90%)`);
for (const miss of misses) console.log(miss);
