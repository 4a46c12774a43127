import { progressText } from '@boocode/mcp-server-kit/progress';
import DOMPurify from 'dompurify';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import go from 'highlight.js/lib/languages/go';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import typescript from 'highlight.js/lib/languages/typescript';
import { Marked } from 'marked';
import 'highlight.js/styles/github-dark.css';
import type { PartData, ToolProgress } from '../core/api.js';

for (const [name, lang] of Object.entries({ bash, go, javascript, json, python, typescript }))
  hljs.registerLanguage(name, lang);

const marked = new Marked({
  renderer: {
    code({ text, lang }) {
      const language = lang && hljs.getLanguage(lang) ? lang : undefined;
      const html = language ? hljs.highlight(text, { language }).value : hljs.highlightAuto(text).value;
      return `<pre><code class="hljs">${html}</code></pre>`;
    },
  },
});

/** Markdown to safe HTML: model output is untrusted, so it is sanitised before it touches the page. */
export function markdown(text: string): string {
  return DOMPurify.sanitize(marked.parse(text, { async: false }) as string);
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, string> = {},
  ...children: (Node | string | undefined)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child !== undefined) node.append(child);
  return node;
}

/** A tool call with its result: collapsed by default, error state and duration on the summary line. */
export function toolCard(
  call: Extract<PartData, { type: 'tool_call' }>,
  result: Extract<PartData, { type: 'tool_result' }> | undefined,
  progress?: ToolProgress,
): HTMLElement {
  const card = el('details', {
    class: `tool-card${result?.error ? ' error' : ''}`,
    'data-call-id': call.callId,
    'data-tool': call.name,
  });
  const status = result ? (result.error ? 'error' : `${result.durationMs} ms`) : 'running…';
  card.append(
    el(
      'summary',
      {},
      el('span', { class: 'tool-name', text: call.name }),
      call.server ? el('span', { class: 'badge', text: call.server }) : undefined,
      el('span', { class: 'badge tool-status', text: status }),
    ),
  );
  // Outside the folded body: a long call's progress shows without opening the card.
  if (!result && progress) card.append(progressBar(progress));
  const body = el('div', { class: 'body' });
  body.append(
    el('div', { class: 'muted', text: 'arguments' }),
    foldable(JSON.stringify(call.arguments, null, 2)),
  );
  if (result) {
    body.append(
      el('div', { class: 'muted', text: result.error ? 'error' : 'result' }),
      foldable(result.output, 'tool-output tool-result'),
    );
    if (result.truncated)
      body.append(
        el('div', {
          class: 'notice',
          text: 'output truncated here; the full result is stored on the server',
        }),
      );
  }
  card.append(body);
  return card;
}

/** A server's progress on a running call: a bar when the total is known, and what it is doing. */
export function progressBar(progress: ToolProgress): HTMLElement {
  const bar = el('progress', { class: 'tool-progress-bar', max: String(progress.total ?? 1) });
  // Without a total the bar is indeterminate: no value attribute at all.
  if (progress.total !== undefined)
    bar.setAttribute('value', String(Math.min(progress.progress, progress.total)));
  return el(
    'div',
    { class: 'tool-progress', role: 'status' },
    bar,
    el('span', { class: 'muted', text: progressText(progress) }),
  );
}

/** Lines past which an output is shown folded, with a button to show it all. */
const FOLD_LINES = 24;

/** A `<pre>` of output, folded when long: the chat stays readable past a 5,000-line result. */
export function foldable(text: string, className = 'tool-output'): HTMLElement {
  // Focusable, so a keyboard can scroll it.
  const pre = el('pre', { class: className, text, tabindex: '0' });
  const lines = text.split('\n').length;
  if (lines <= FOLD_LINES && text.length <= FOLD_LINES * 120) return pre;
  pre.classList.add('folded');
  const toggle = el('button', {
    type: 'button',
    class: 'secondary fold-toggle',
    text: `Show all ${lines} lines`,
  });
  toggle.onclick = () => {
    const folded = pre.classList.toggle('folded');
    toggle.textContent = folded ? `Show all ${lines} lines` : 'Show less';
  };
  return el('div', { class: 'foldable' }, pre, toggle);
}

/** Gives each code block of rendered markdown a Copy button. */
export function addCopyButtons(root: HTMLElement): void {
  for (const pre of root.querySelectorAll('pre')) {
    const code = pre.querySelector('code');
    if (!code || pre.querySelector('.copy')) continue;
    const button = el('button', {
      type: 'button',
      class: 'secondary copy',
      text: 'Copy',
      title: 'Copy code',
    });
    button.onclick = async () => {
      try {
        await navigator.clipboard.writeText(code.textContent ?? '');
        button.textContent = 'Copied';
      } catch {
        button.textContent = 'Copy failed';
      }
      setTimeout(() => {
        button.textContent = 'Copy';
      }, 1500);
    };
    pre.append(button);
  }
}
