import type { ToolDef } from '../types.js';
import type { Workspace } from '../workspace.js';
import { findFilesTool } from './find-files.js';
import { grepTool } from './grep.js';
import { listDirTool } from './list-dir.js';
import { viewFileTool } from './view-file.js';

export function nativeTools(workspace: Workspace): ToolDef[] {
  return [viewFileTool(workspace), grepTool(workspace), listDirTool(workspace), findFilesTool(workspace)];
}
