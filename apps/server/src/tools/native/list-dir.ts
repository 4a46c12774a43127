import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { Workspace } from '../workspace.js';
import { defineTool } from './define.js';

const MAX_ENTRIES = 500;

export function listDirTool(workspace: Workspace) {
  return defineTool({
    name: 'list_dir',
    description: 'List a directory of the workspace (directories end with "/"). Honours .gitignore.',
    schema: z.object({
      path: z.string().optional().describe('Directory relative to the workspace root; default the root'),
    }),
    async run({ path: requested }) {
      const abs = await workspace.resolve(requested);
      if (!(await stat(abs)).isDirectory())
        throw new AppError('BAD_REQUEST', `${requested} is a file; use view_file`);
      const entries: string[] = [];
      let more = false;
      await workspace.walk(abs, (entry) => {
        if (entries.length >= MAX_ENTRIES) {
          more = true;
          return false;
        }
        entries.push(entry.kind === 'directory' ? `${entry.name}/` : entry.name);
        return 'skip';
      });
      const header = `${workspace.relative(abs)}: ${entries.length} entries`;
      return `${header}\n${entries.join('\n')}${more ? `\n[listing capped at ${MAX_ENTRIES} entries]` : ''}`;
    },
  });
}
