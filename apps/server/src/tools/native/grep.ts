import { readFile, stat } from 'node:fs/promises';
import { looksBinary, MAX_FILE_BYTES } from '@boocode/source-kit/files';
import picomatch from 'picomatch';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { Workspace } from '../workspace.js';
import { defineTool } from './define.js';

const MAX_LINE = 300;
const MAX_OUTPUT_CHARS = 60_000;

export function grepTool(workspace: Workspace) {
  return defineTool({
    name: 'grep',
    description:
      'Search file contents in the workspace with a JavaScript regular expression. Returns path:line: text for each match. Honours .gitignore.',
    schema: z.object({
      pattern: z.string().min(1).describe('Regular expression (JavaScript syntax)'),
      path: z.string().optional().describe('Directory or file to search, relative to the workspace root'),
      glob: z
        .string()
        .optional()
        .describe('Only files whose relative path matches this glob, e.g. "**/*.ts"'),
      ignore_case: z.boolean().optional(),
      max_results: z.number().int().min(1).max(500).optional().describe('Default 100'),
    }),
    async run({ pattern, path: requested, glob, ignore_case, max_results }, ctx) {
      let regex: RegExp;
      try {
        regex = new RegExp(pattern, ignore_case ? 'i' : '');
      } catch (error) {
        throw new AppError('INVALID_ARGUMENTS', `invalid regular expression: ${(error as Error).message}`);
      }
      const limit = max_results ?? 100;
      const matchesGlob = glob ? picomatch(glob, { dot: true }) : () => true;
      const start = await workspace.resolve(requested);
      const results: string[] = [];
      let chars = 0;
      let truncated = false;
      let files = 0;
      const tooLarge: string[] = [];
      const searchFile = async (abs: string, rel: string) => {
        const info = await stat(abs).catch(() => undefined);
        if (!info?.isFile()) return true;
        if (info.size > MAX_FILE_BYTES) {
          tooLarge.push(rel);
          return true;
        }
        const buffer = await readFile(abs).catch(() => undefined);
        if (!buffer || looksBinary(buffer)) return true;
        files++;
        const lines = buffer.toString('utf8').split('\n');
        for (let i = 0; i < lines.length; i++) {
          const line = lines[i] ?? '';
          if (!regex.test(line)) continue;
          const text = line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line;
          const entry = `${rel}:${i + 1}: ${text.trimEnd()}`;
          if (results.length >= limit || chars + entry.length > MAX_OUTPUT_CHARS) {
            truncated = true;
            return false;
          }
          results.push(entry);
          chars += entry.length + 1;
        }
        return true;
      };
      const info = await stat(start);
      if (info.isFile()) {
        await searchFile(start, workspace.relative(start));
      } else {
        await workspace.walk(start, async (entry) => {
          if (ctx.signal.aborted) return false;
          if (entry.kind === 'directory') return true;
          if (!matchesGlob(entry.rel)) return true;
          return searchFile(entry.abs, entry.rel);
        });
      }
      const skipped =
        tooLarge.length > 0
          ? `\n[skipped ${tooLarge.length} file(s) over ${MAX_FILE_BYTES / 1024 / 1024} MB: ${tooLarge.slice(0, 5).join(', ')}${tooLarge.length > 5 ? ', …' : ''}; read them with view_file and line ranges]`
          : '';
      if (results.length === 0) return `no matches for /${pattern}/ in ${files} files${skipped}`;
      const footer = truncated
        ? `\n[results capped at ${results.length}; narrow the pattern, path or glob]`
        : '';
      return results.join('\n') + footer + skipped;
    },
  });
}
