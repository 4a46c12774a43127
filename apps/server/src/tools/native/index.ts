import type { ToolDef } from '../types.js';
import type { Workspace } from '../workspace.js';
import { findFilesTool } from './find-files.js';
import { grepTool } from './grep.js';
import { listDirTool } from './list-dir.js';
import type { NativeToolPool } from './pool.js';
import { viewFileTool } from './view-file.js';

/** The native tools running on this thread: what a tool worker executes. */
export function nativeToolsInProcess(workspace: Workspace): ToolDef[] {
  return [viewFileTool(workspace), grepTool(workspace), listDirTool(workspace), findFilesTool(workspace)];
}

/** The native tools as the host offers them: same names and schemas, each call run by the pool. */
export function nativeTools(workspace: Workspace, pool: NativeToolPool): ToolDef[] {
  return nativeToolsInProcess(workspace).map((tool) => ({
    ...tool,
    run: (args, ctx) => pool.run(tool.name, args, ctx.signal),
  }));
}
