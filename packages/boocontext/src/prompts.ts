import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageInfo } from '@boocode/mcp-server-kit';
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/**
 * The skill's three agent flows as MCP prompts: a host shows them as commands, and the model gets
 * the agent's method with the user's subject. The text is the skill's own file (`skill/agents/`),
 * read when asked, so the prompt and the skill cannot drift.
 */
const FLOWS = [
  {
    name: 'orientation',
    agent: 'context-cartographer',
    title: 'Orient me in this repository',
    argument: { name: 'question', description: 'What you want to know (optional)', required: false },
  },
  {
    name: 'change-impact',
    agent: 'dependency-analyst',
    title: 'What does changing this touch?',
    argument: {
      name: 'target',
      description: 'A symbol, a file, or a git range such as HEAD~1..HEAD',
      required: true,
    },
  },
  {
    name: 'health-audit',
    agent: 'health-auditor',
    title: 'Audit code health and rank refactorings',
    argument: { name: 'focus', description: 'A folder or file to focus on (optional)', required: false },
  },
] as const;

/** An agent file's description (front matter) and method (the body after it). */
function agentFile(agent: string): { description: string; body: string } {
  const file = path.join(packageInfo(import.meta.url).dir, 'skill', 'agents', `${agent}.md`);
  const text = readFileSync(file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  const description = /^description:\s*(.+)$/m.exec(match?.[1] ?? '')?.[1] ?? '';
  return { description, body: (match?.[2] ?? text).trim() };
}

export function registerPrompts(server: McpServer): void {
  for (const flow of FLOWS) {
    const { argument } = flow;
    const value = argument.required ? z.string().min(1) : z.string().optional();
    server.registerPrompt(
      flow.name,
      {
        title: flow.title,
        description: agentFile(flow.agent).description,
        argsSchema: z.object({ [argument.name]: value.describe(argument.description) }),
      },
      (args: Record<string, string | undefined>) => {
        const subject = args[argument.name];
        const { body } = agentFile(flow.agent);
        const ask = subject
          ? `\n\n${argument.name === 'question' ? 'Question' : argument.name === 'target' ? 'Target' : 'Focus'}: ${subject}`
          : '';
        return {
          messages: [{ role: 'user' as const, content: { type: 'text' as const, text: `${body}${ask}` } }],
        };
      },
    );
  }
}
