// A throwaway HOME for `boocontext setup`'s tests: the seven editors' folders, files written into
// it, and everything under it as text, to compare before and after.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Claude Code, Cursor, VS Code, Windsurf, opencode, Codex and Gemini CLI, as each finds its folder on Linux. */
export const EDITOR_FOLDERS = [
  '.claude',
  '.cursor',
  '.config/Code/User',
  '.codeium/windsurf',
  '.config/opencode',
  '.codex',
  '.gemini',
];

export function makeEditorFolders(home: string): void {
  for (const dir of EDITOR_FOLDERS) mkdirSync(path.join(home, dir), { recursive: true });
}

export function writeIn(home: string, rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(home, rel)), { recursive: true });
  writeFileSync(path.join(home, rel), text);
}

/** Every file (with its text) and folder (`name/`) under `dir`, by relative path, leaving out what `skip` matches. */
export function treeOf(dir: string, skip: RegExp = /^$/): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      const rel = path.relative(dir, full);
      if (skip.test(rel)) continue;
      if (entry.isDirectory()) {
        found.set(`${rel}/`, '');
        walk(full);
      } else found.set(rel, readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return found;
}
