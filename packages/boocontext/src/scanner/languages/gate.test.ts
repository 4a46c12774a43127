import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { languageOf } from '@boocode/source-kit';
import { describe, expect, it } from 'vitest';
import { isAuxiliary } from '../types.js';
import { lexedLanguageFacts } from './gate.js';
import { scanLanguage } from './index.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures');
const GATED = new Set(['go', 'java', 'c_sharp', 'php', 'rust', 'ruby']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

describe('the tree gate of Go, Java, C#, PHP, Rust and Ruby', () => {
  it('skips the tree only where the tree reader finds nothing but the imports the patterns read', async () => {
    let lexed = 0;
    let parsed = 0;
    for (const file of [
      ...filesUnder(path.join(fixtures, 'stacks')),
      ...filesUnder(path.join(fixtures, 'lang-samples')),
    ]) {
      const rel = path.relative(fixtures, file).split(path.sep).join('/');
      const language = languageOf(rel);
      if (!language || !GATED.has(language)) continue;
      const text = readFileSync(file, 'utf8');
      const fromText = lexedLanguageFacts(rel, text, language);
      if (!fromText) {
        parsed++;
        continue;
      }
      lexed++;
      const tree = await scanLanguage(rel, text, language);
      expect(fromText.imports, rel).toEqual(tree.imports);
      if (isAuxiliary(rel)) continue;
      expect({ routes: tree.routes, mounts: tree.mounts, models: tree.models, env: tree.env }, rel).toEqual({
        routes: [],
        mounts: [],
        models: [],
        env: [],
      });
      expect(tree.globalPrefixes ?? tree.views ?? Object.keys(tree.exportedRouters)[0], rel).toBeUndefined();
    }
    // Both sides of the gate are exercised: files with facts parse, files with only imports do not.
    expect(lexed).toBeGreaterThanOrEqual(6);
    expect(parsed).toBeGreaterThanOrEqual(10);
  });
});
