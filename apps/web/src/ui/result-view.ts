import type { ContentBlock, ToolCallResult } from '../core/api.js';
import { el, foldable } from './render.js';

/** Text that is JSON, indented; anything else as it came. */
function pretty(text: string): string {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}

/** One collapsible section of a result, open at first. */
function section(title: string, ...content: (Node | undefined)[]): HTMLElement {
  return el('details', { class: 'result-block', open: '' }, el('summary', { text: title }), ...content);
}

const SAFE_MEDIA = /^(image|audio)\/[\w.+-]+$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Only web addresses become links: a `javascript:` or `file:` URI a server sends stays text. */
function link(uri: string, label: string): Node {
  try {
    const url = new URL(uri);
    if (url.protocol === 'https:' || url.protocol === 'http:')
      return el('a', { href: url.href, target: '_blank', rel: 'noopener noreferrer', text: label });
  } catch {
    // Not a URL at all: shown as text below.
  }
  return el('code', { text: uri });
}

function block(content: ContentBlock, index: number): HTMLElement {
  const str = (key: string) => (typeof content[key] === 'string' ? (content[key] as string) : undefined);
  switch (content.type) {
    case 'text':
      return section(`text ${index + 1}`, foldable(pretty(str('text') ?? '')));
    case 'image':
    case 'audio': {
      const mime = str('mimeType') ?? '';
      const data = str('data') ?? '';
      if (!SAFE_MEDIA.test(mime) || !mime.startsWith(content.type) || !BASE64.test(data))
        return section(
          content.type,
          el('div', { class: 'muted', text: `${content.type} of type ${mime || 'unknown'}` }),
        );
      const src = `data:${mime};base64,${data}`;
      return section(
        `${content.type} · ${mime}`,
        content.type === 'image'
          ? el('img', { class: 'result-image', src, alt: `image result (${mime})` })
          : el('audio', { controls: '', src }),
      );
    }
    case 'resource_link': {
      const uri = str('uri') ?? '';
      const description = str('description');
      return section(
        'link',
        el(
          'div',
          { class: 'resource-link' },
          link(uri, str('title') ?? str('name') ?? uri),
          description ? el('div', { class: 'muted', text: description }) : undefined,
        ),
      );
    }
    case 'resource': {
      const resource = (content.resource ?? {}) as Record<string, unknown>;
      const uri = typeof resource.uri === 'string' ? resource.uri : '';
      const text = typeof resource.text === 'string' ? resource.text : undefined;
      const blob = typeof resource.blob === 'string' ? resource.blob : undefined;
      return section(
        'resource',
        el('div', { class: 'resource-link' }, link(uri, uri)),
        text !== undefined
          ? foldable(pretty(text))
          : el('div', { class: 'muted', text: `binary, ${Math.floor(((blob?.length ?? 0) * 3) / 4)} bytes` }),
      );
    }
    default:
      return section(content.type, foldable(JSON.stringify(content, null, 2)));
  }
}

/** A console result: each block as what it is (text pretty-printed, images shown, links clickable). */
export function resultView(result: ToolCallResult): HTMLElement {
  const head = el('div', {
    class: `result-head${result.error ? ' error' : ''}`,
    text: `${result.error ? 'error' : 'ok'} · ${result.durationMs} ms${result.truncated ? ' · truncated' : ''}`,
  });
  const blocks = result.content?.length
    ? result.content.map(block)
    : [section('output', foldable(pretty(result.output)))];
  const structured = result.structuredContent
    ? section('structured content', foldable(JSON.stringify(result.structuredContent, null, 2)))
    : undefined;
  return el(
    'div',
    { class: `console-result${structured ? ' with-structured' : ''}` },
    head,
    el('div', { class: 'result-blocks' }, ...blocks),
    structured,
  );
}
