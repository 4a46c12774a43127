import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { type EditorId, SERVER_NAME, type SetupPlace } from './editors.js';

/**
 * Files setup writes carry this line; `--remove` deletes a file only when it has it, and setup
 * never overwrites a file at the same path without it (that one is the user's).
 */
export const INSTALLED_MARK =
  '<!-- installed by `boocontext setup`; `boocontext setup --remove` deletes this file -->';

/** One skill or agent as the package ships it: what it is for, which tools it uses, its text. */
interface Guide {
  name: string;
  description: string;
  tools: string[];
  body: string;
}

/** A file one host reads: where it goes and what it holds. */
export interface HostFile {
  editor: EditorId;
  file: string;
  text: string;
}

function readGuide(file: string): Guide {
  const text = readFileSync(file, 'utf8');
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match?.[1]) throw new Error(`${file} has no frontmatter`);
  const meta = parseYaml(match[1]) as Record<string, unknown>;
  const listed = meta.tools ?? meta['allowed-tools'];
  const tools = Array.isArray(listed)
    ? listed.map(String)
    : String(listed ?? '')
        .split(/\s*,\s*/)
        .filter(Boolean);
  return {
    name: String(meta.name),
    description: String(meta.description),
    tools,
    body: text.slice(match[0].length),
  };
}

const withFrontmatter = (meta: Record<string, unknown>, body: string) =>
  `---\n${stringifyYaml(meta, { lineWidth: 0 }).trimEnd()}\n---\n${INSTALLED_MARK}\n\n${body.replace(/^\n+/, '')}`;

/** Claude Code names a server's tools `mcp__<server>__<tool>`; opencode names them `<server>_<tool>`. */
const claudeTool = (tool: string) => `mcp__${SERVER_NAME}__${tool}`;
const opencodeTool = (tool: string) => `${SERVER_NAME}_${tool}`;

/**
 * The skill and the agents in each host's own place and frontmatter: Claude Code's user skill
 * and user agents (tools as a comma list of its MCP tool names), opencode's user agents
 * (subagents allowed only their boocontext tools).
 */
export function hostFiles(skillDir: string, place: SetupPlace, opencodeConfigDir: string): HostFile[] {
  const p = place.platform === 'win32' ? path.win32 : path.posix;
  const skill = readGuide(path.join(skillDir, 'SKILL.md'));
  const agentsDir = path.join(skillDir, 'agents');
  const agents = readdirSync(agentsDir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => readGuide(path.join(agentsDir, f)));
  const claudeDir = p.join(place.home, '.claude');
  return [
    {
      editor: 'claude-code',
      file: p.join(claudeDir, 'skills', skill.name, 'SKILL.md'),
      text: withFrontmatter(
        {
          name: skill.name,
          description: skill.description,
          'allowed-tools': skill.tools.map(claudeTool).join(', '),
        },
        skill.body,
      ),
    },
    ...agents.map((agent) => ({
      editor: 'claude-code' as const,
      file: p.join(claudeDir, 'agents', `${agent.name}.md`),
      text: withFrontmatter(
        { name: agent.name, description: agent.description, tools: agent.tools.map(claudeTool).join(', ') },
        agent.body,
      ),
    })),
    ...agents.map((agent) => ({
      editor: 'opencode' as const,
      file: p.join(opencodeConfigDir, 'agent', `${agent.name}.md`),
      text: withFrontmatter(
        {
          description: agent.description,
          mode: 'subagent',
          tools: { '*': false, ...Object.fromEntries(agent.tools.map((t) => [opencodeTool(t), true])) },
        },
        agent.body,
      ),
    })),
  ];
}
