import { describe, expect, it } from 'vitest';
import { parseAgentsMd, parseToolList } from './agents-md.js';

const SAMPLE = `# Agents

Anything before the first agent is documentation.

## explorer
description: Reads the code and explains it
tools: [view_file, grep]

You explain code.

Cite files.

## architect
description: Sees everything but the web
model: big-model
tools: [*, !web_*]
You design.

## plain
No settings at all.
`;

describe('parseAgentsMd', () => {
  it('reads name, description, model, tools and the system prompt', () => {
    const { agents, problems } = parseAgentsMd(SAMPLE);
    expect(problems).toEqual([]);
    expect(agents).toEqual([
      {
        name: 'explorer',
        description: 'Reads the code and explains it',
        tools: ['view_file', 'grep'],
        systemPrompt: 'You explain code.\n\nCite files.',
      },
      {
        name: 'architect',
        description: 'Sees everything but the web',
        model: 'big-model',
        tools: ['*', '!web_*'],
        systemPrompt: 'You design.',
      },
      { name: 'plain', description: '', systemPrompt: 'No settings at all.' },
    ]);
  });

  it('reports duplicates and bad names but keeps the rest', () => {
    const { agents, problems } = parseAgentsMd('## a\nfirst\n## a\nsecond\n## bad name\nx\n## b\nok');
    expect(agents.map((a) => [a.name, a.systemPrompt])).toEqual([
      ['a', 'first'],
      ['b', 'ok'],
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/line 3: agent "a" is defined twice/),
      expect.stringMatching(/line 5: "## bad name" is not a valid agent name/),
    ]);
  });
});

describe('parseToolList', () => {
  it('accepts brackets, bare lists and quotes', () => {
    expect(parseToolList('[grep, "ctx_*", \'!web_*\']')).toEqual(['grep', 'ctx_*', '!web_*']);
    expect(parseToolList('grep, view_file')).toEqual(['grep', 'view_file']);
    expect(parseToolList('[]')).toEqual([]);
  });
});
