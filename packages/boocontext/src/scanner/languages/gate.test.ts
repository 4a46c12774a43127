import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { languageOf } from '@boocode/source-kit';
import { describe, expect, it } from 'vitest';
import { isAuxiliary } from '../types.js';
import { lexedLanguageFacts } from './gate.js';
import { scanLanguage } from './index.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures');
const GATED = new Set(['go', 'java', 'c_sharp', 'php', 'rust', 'ruby', 'python']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

describe('the tree gate of Go, Java, C#, PHP, Rust, Ruby and Python', () => {
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
      expect(fromText.bindings, rel).toEqual(tree.bindings);
      if (isAuxiliary(rel)) continue;
      expect({ routes: tree.routes, mounts: tree.mounts, models: tree.models, env: tree.env }, rel).toEqual({
        routes: [],
        mounts: [],
        models: [],
        env: [],
      });
      // The classes a PHP file declares with their bases, which the text reads as the tree does.
      expect(fromText.modelClasses, rel).toEqual(tree.modelClasses);
      expect(
        tree.globalPrefixes ?? tree.views ?? tree.constants ?? Object.keys(tree.exportedRouters)[0],
        rel,
      ).toBeUndefined();
    }
    // Both sides of the gate are exercised: files with facts parse, files with only imports do not.
    expect(lexed).toBeGreaterThanOrEqual(6);
    expect(parsed).toBeGreaterThanOrEqual(10);
  });
});

describe('Python imports read from the text', () => {
  it('are the tree reader’s: relative modules, names and aliases, parenthesised lists over lines; none in strings or comments, none for __future__', async () => {
    const text = [
      'from __future__ import annotations',
      '"""Usage:',
      '    from shop import secret',
      '"""',
      'import os, json as j',
      'import app.core.config as config  # from x import y',
      'from . import views',
      'from ..db import (',
      '    Session,  # the factory',
      '    engine as db_engine,',
      ')',
      'from .models import *',
      'def f():',
      "    s = 'import nothing'",
      '    from .services.orders import place_order',
      '',
    ].join('\n');
    const lexed = lexedLanguageFacts('shop/helpers.py', text, 'python');
    const tree = await scanLanguage('shop/helpers.py', text, 'python');
    expect(lexed?.imports).toEqual(tree.imports);
    expect(lexed?.bindings).toEqual(tree.bindings);
    expect(lexed?.imports.map((i) => `${i.spec}:${i.line}`)).toEqual([
      'os:5',
      'json:5',
      'app.core.config:6',
      '.:7',
      '.views:7',
      '..db:8',
      '..db.Session:8',
      '..db.engine:8',
      '.models:12',
      '.services.orders:15',
      '.services.orders.place_order:15',
    ]);
    expect(lexed?.bindings.db_engine).toEqual({ spec: '..db', name: 'engine' });
  });
});
