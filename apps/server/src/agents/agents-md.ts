import { readFile } from 'node:fs/promises';

export interface Agent {
  name: string;
  description: string;
  systemPrompt: string;
  model?: string;
  /** Tool globs (`*`, `!deny`, last match wins); undefined means every tool. */
  tools?: string[];
}

export interface AgentsFile {
  agents: Agent[];
  /** Lines that could not be understood; the agents that parsed are still used. */
  problems: string[];
}

const HEADING = /^##\s+([A-Za-z0-9_-]+)\s*$/;
const FIELD = /^(description|model|tools)\s*:\s*(.*)$/i;

/**
 * AGENTS.md: each `## name` heading starts an agent; the `key: value` lines right under it
 * (description, model, tools) are its settings; everything after them is its system prompt.
 */
export function parseAgentsMd(text: string): AgentsFile {
  const agents: Agent[] = [];
  const problems: string[] = [];
  const lines = text.split(/\r?\n/);
  let current: { agent: Agent; body: string[]; inHeader: boolean; line: number } | undefined;

  const finish = () => {
    if (!current) return;
    current.agent.systemPrompt = current.body.join('\n').trim();
    if (agents.some((a) => a.name === current?.agent.name)) {
      problems.push(
        `line ${current.line}: agent "${current.agent.name}" is defined twice; the first one is used`,
      );
    } else {
      agents.push(current.agent);
    }
  };

  lines.forEach((line, index) => {
    const heading = HEADING.exec(line);
    if (heading?.[1]) {
      finish();
      current = {
        agent: { name: heading[1], description: '', systemPrompt: '' },
        body: [],
        inHeader: true,
        line: index + 1,
      };
      return;
    }
    if (line.startsWith('## ')) {
      problems.push(`line ${index + 1}: "${line}" is not a valid agent name (letters, digits, "_" and "-")`);
      finish();
      current = undefined;
      return;
    }
    if (!current) return;
    if (current.inHeader) {
      const field = FIELD.exec(line);
      if (field?.[1] && field[2] !== undefined) {
        const key = field[1].toLowerCase();
        const value = field[2].trim();
        if (key === 'description') current.agent.description = value;
        else if (key === 'model') current.agent.model = value;
        else current.agent.tools = parseToolList(value);
        return;
      }
      if (line.trim() === '' && current.body.length === 0) return;
      current.inHeader = false;
    }
    current.body.push(line);
  });
  finish();
  const lineOf = (problem: string) => Number(/^line (\d+)/.exec(problem)?.[1] ?? 0);
  return { agents, problems: problems.sort((a, b) => lineOf(a) - lineOf(b)) };
}

/** `[a, b, !c_*]`, or the same without brackets; quotes around items are allowed. */
export function parseToolList(value: string): string[] {
  const inner = value.trim().replace(/^\[/, '').replace(/\]$/, '');
  return inner
    .split(',')
    .map((item) => item.trim().replace(/^["']|["']$/g, ''))
    .filter((item) => item !== '');
}

export async function loadAgents(file: string): Promise<AgentsFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { agents: [], problems: [] };
    return { agents: [], problems: [`cannot read ${file}: ${(error as Error).message}`] };
  }
  return parseAgentsMd(text);
}
