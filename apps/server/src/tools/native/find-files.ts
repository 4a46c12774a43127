import picomatch from 'picomatch';
import { z } from 'zod';
import type { Workspace } from '../workspace.js';
import { defineTool } from './define.js';

export function findFilesTool(workspace: Workspace) {
  return defineTool({
    name: 'find_files',
    description:
      'Find files in the workspace whose path (relative to the workspace root) matches a glob, e.g. "**/*.test.ts" or "src/**/index.*". Honours .gitignore.',
    schema: z.object({
      pattern: z.string().min(1).describe('Glob over paths relative to the workspace root'),
      path: z.string().optional().describe('Directory to search in; default the root'),
      max_results: z.number().int().min(1).max(1000).optional().describe('Default 200'),
    }),
    async run({ pattern, path: requested, max_results }, ctx) {
      const limit = max_results ?? 200;
      // A pattern without a slash matches the file name at any depth, as people expect from `*.ts`.
      const matches = picomatch(pattern, { dot: true, basename: !pattern.includes('/') });
      const start = await workspace.resolve(requested);
      const found: string[] = [];
      let more = false;
      await workspace.walk(start, (entry) => {
        if (ctx.signal.aborted) return false;
        if (entry.kind === 'directory' || !matches(entry.rel)) return true;
        if (found.length >= limit) {
          more = true;
          return false;
        }
        found.push(entry.rel);
        return true;
      });
      if (found.length === 0) return `no files match ${pattern}`;
      return found.join('\n') + (more ? `\n[results capped at ${limit}; narrow the pattern]` : '');
    },
  });
}
