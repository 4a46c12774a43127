import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parserFor } from './languages.js';

describe('parsers', () => {
  it('are one per language in a thread, however many copies of the module it loads', async () => {
    // A second copy, as a process running boocontext's bundle and code-graph's tools holds.
    const copy = (await import(
      /* @vite-ignore */ `${pathToFileURL(new URL('./languages.ts', import.meta.url).pathname).href}?copy=2`
    )) as typeof import('./languages.js');
    expect(copy.parserFor).not.toBe(parserFor);
    const [ours, theirs] = await Promise.all([parserFor('go'), copy.parserFor('go')]);
    expect(theirs).toBe(ours);
    // Both still parse: the runtime was initialised once.
    const tree = ours.parse('package main\nfunc main() { run() }\n');
    expect(tree?.rootNode.hasError).toBe(false);
    tree?.delete();
    const other = (await copy.parserFor('python')).parse('def f():\n    return 1\n');
    expect(other?.rootNode.type).toBe('module');
    other?.delete();
  });
});
