import { describe, expect, it } from 'vitest';
import { COMPONENT_FILE, componentScript } from './component-script.js';

describe('componentScript', () => {
  it("keeps a component's scripts where they stand and blanks its markup, lines and columns kept", () => {
    const text = [
      '<script context="module">',
      '  export const prerender = true;',
      '</script>',
      '<script lang="ts">',
      '  load();',
      '</script>',
      '<p on:click={() => save()}>{title}</p>',
    ].join('\n');
    const script = componentScript(text);
    expect(script.length).toBe(text.length);
    expect(script.split('\n')).toEqual([
      ' '.repeat(25),
      '  export const prerender = true;',
      ' '.repeat(9),
      ' '.repeat(18),
      '  load();',
      ' '.repeat(9),
      ' '.repeat(38),
    ]);
    expect(COMPONENT_FILE.test('src/views/Home.vue')).toBe(true);
    expect(COMPONENT_FILE.test('src/routes/+page.svelte')).toBe(true);
    expect(COMPONENT_FILE.test('src/main.ts')).toBe(false);
  });
});
