import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageInfo } from '@boocode/mcp-server-kit';
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/**
 * The skill's three agent flows as MCP prompts: a host shows them as commands, and the model gets
 * the agent's method with the user's subject. The text is the skill's own file (`skill/agents/`),
 * so the prompt and the skill cannot drift.
 */
const FLOWS = [
  {
    name: 'orientation',
    agent: 'context-cartographer',
    title: 'Orient me in this repository',
    argument: {
      name: 'question',
      label: 'Question',
      description: 'What you want to know (optional)',
      required: false,
    },
  },
  {
    name: 'change-impact',
    agent: 'dependency-analyst',
    title: 'What does changing this touch?',
    argument: {
      name: 'target',
      label: 'Target',
      description: 'A symbol, a file, or a git range such as HEAD~1..HEAD',
      required: true,
    },
  },
  {
    name: 'health-audit',
    agent: 'health-auditor',
    title: 'Audit code health and rank refactorings',
    argument: {
      name: 'focus',
      label: 'Focus',
      description: 'A folder or file to focus on (optional)',
      required: false,
    },
  },
] as const;

/** An agent file's description (front matter) and method (the body after it). */
function agentFile(dir: string, agent: string): { description: string; body: string } {
  const text = readFileSync(path.join(dir, `${agent}.md`), 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  const description = /^description:\s*(.+)$/m.exec(match?.[1] ?? '')?.[1] ?? '';
  return { description, body: (match?.[2] ?? text).trim() };
}

/** Registers the three prompts; each agent file is read once, here. */
export function registerPrompts(server: McpServer): void {
  const dir = path.join(packageInfo(import.meta.url).dir, 'skill', 'agents');
  for (const { name, agent, title, argument } of FLOWS) {
    const { description, body } = agentFile(dir, agent);
    const value = argument.required ? z.string().min(1) : z.string().optional();
    server.registerPrompt(
      name,
      { title, description, argsSchema: z.object({ [argument.name]: value.describe(argument.description) }) },
      (args: Record<string, string | undefined>) => {
        const subject = args[argument.name];
        const text = subject ? `${body}\n\n${argument.label}: ${subject}` : body;
        return { messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] };
      },
    );
  }
}
