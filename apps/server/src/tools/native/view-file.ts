import { open, stat } from 'node:fs/promises';
import { looksBinary } from '@boocode/source-kit/files';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { Workspace } from '../workspace.js';
import { defineTool } from './define.js';

const MAX_BYTES = 1024 * 1024;
const MAX_LINES = 2_000;
const MAX_LINE_LENGTH = 2_000;

export function viewFileTool(workspace: Workspace) {
  return defineTool({
    name: 'view_file',
    description:
      'Read a text file in the workspace, with line numbers. Use start_line/end_line (1-based, inclusive) for large files; at most 2000 lines per call.',
    schema: z.object({
      path: z.string().min(1).describe('File path relative to the workspace root'),
      start_line: z.number().int().min(1).optional(),
      end_line: z.number().int().min(1).optional(),
    }),
    async run({ path: requested, start_line, end_line }) {
      const abs = await workspace.resolve(requested);
      const info = await stat(abs);
      if (info.isDirectory()) throw new AppError('BAD_REQUEST', `${requested} is a directory; use list_dir`);
      const rel = workspace.relative(abs);
      const handle = await open(abs, 'r');
      let buffer: Buffer;
      try {
        buffer = Buffer.alloc(Math.min(info.size, MAX_BYTES));
        await handle.read(buffer, 0, buffer.length, 0);
      } finally {
        await handle.close();
      }
      if (looksBinary(buffer))
        throw new AppError('BAD_REQUEST', `${requested} is a binary file (${info.size} bytes)`);
      const lines = buffer.toString('utf8').split('\n');
      // The last line of a cut read is partial; a file that is one huge line keeps it (cut below).
      if (info.size > MAX_BYTES && lines.length > 1) lines.pop();
      if (lines.length > 1 && lines.at(-1) === '') lines.pop();
      const total = lines.length;
      const first = Math.min(start_line ?? 1, Math.max(total, 1));
      const last = Math.min(end_line ?? first + MAX_LINES - 1, first + MAX_LINES - 1, total);
      if (end_line !== undefined && end_line < first) {
        throw new AppError('BAD_REQUEST', `end_line ${end_line} is before start_line ${first}`);
      }
      const width = String(last).length;
      const body = lines
        .slice(first - 1, last)
        .map((line, i) => {
          const text = line.length > MAX_LINE_LENGTH ? `${line.slice(0, MAX_LINE_LENGTH)}… [line cut]` : line;
          return `${String(first + i).padStart(width)}\t${text}`;
        })
        .join('\n');
      const notes = [`${rel}: lines ${first}-${last} of ${total}${info.size > MAX_BYTES ? '+' : ''}`];
      if (last < total) notes.push(`more below: call again with start_line=${last + 1}`);
      if (info.size > MAX_BYTES) notes.push(`only the first ${MAX_BYTES} bytes of ${info.size} were read`);
      return `${notes.join('; ')}\n${body}`;
    },
  });
}
