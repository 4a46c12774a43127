import type { ChatMessage, PartData } from '../core/api.js';
import { addCopyButtons, el, markdown, toolCard } from '../ui/render.js';
import { relativeTime } from '../ui/time.js';
import type { Conversation } from './conversation.js';

type Results = Map<string, Extract<PartData, { type: 'tool_result' }>>;

/**
 * Draws the conversation into the message list, keeping tool cards the reader opened open, and
 * scrolls to the newest message.
 */
export function renderMessages(
  box: HTMLElement,
  c: Conversation,
  serverOf: Map<string, string | undefined>,
): void {
  const open = new Set(
    [...box.querySelectorAll<HTMLDetailsElement>('details.tool-card[open]')].map((d) => d.dataset.callId),
  );
  box.replaceChildren(
    ...c.messages.map((message) =>
      message.role === 'user' ? userMessage(message) : assistantMessage(message, c, serverOf, open),
    ),
  );
  box.scrollTop = box.scrollHeight;
}

function userMessage(message: ChatMessage): HTMLElement {
  return el(
    'div',
    { class: 'message user' },
    el('div', {
      class: 'user-text',
      text: message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n'),
    }),
    meta(message, []),
  );
}

function assistantMessage(
  message: ChatMessage,
  c: Conversation,
  serverOf: Map<string, string | undefined>,
  open: Set<string | undefined>,
): HTMLElement {
  const node = el('div', { class: 'message assistant', 'data-message-id': message.id });
  const results: Results = new Map(
    message.parts.flatMap((p) => (p.type === 'tool_result' ? [[p.callId, p] as const] : [])),
  );
  for (const part of message.parts) node.append(...renderPart(part, results, c, serverOf, open));
  if (message.status === 'interrupted' || message.status === 'cancelled') {
    node.append(
      el('div', {
        class: 'status',
        text:
          message.status === 'cancelled'
            ? 'stopped'
            : 'interrupted: the server stopped before this answer finished',
      }),
    );
  }
  const by = message.turnId ? c.answeredBy.get(message.turnId) : undefined;
  node.append(meta(message, [by?.model, by?.agent ? `agent ${by.agent}` : undefined]));
  return node;
}

/** Under a message: who answered (model, agent) and how long ago, the exact time on hover. */
function meta(message: ChatMessage, who: (string | null | undefined)[]): HTMLElement {
  const when = el('time', {
    datetime: new Date(message.createdAt).toISOString(),
    title: new Date(message.createdAt).toLocaleString(),
    text: relativeTime(message.createdAt),
  });
  const names = who.filter((w): w is string => Boolean(w));
  return el('div', { class: 'meta' }, names.length ? `${names.join(' · ')} · ` : undefined, when);
}

function renderPart(
  part: PartData,
  results: Results,
  c: Conversation,
  serverOf: Map<string, string | undefined>,
  open: Set<string | undefined>,
): Node[] {
  switch (part.type) {
    case 'text': {
      const div = el('div', { class: 'markdown' });
      div.innerHTML = markdown(part.text);
      addCopyButtons(div);
      return [div];
    }
    case 'tool_call': {
      const server = part.server ?? serverOf.get(part.name);
      const card = toolCard(
        { ...part, ...(server ? { server } : {}) },
        results.get(part.callId),
        c.progress.get(part.callId),
      );
      if (open.has(part.callId)) card.setAttribute('open', '');
      return [card];
    }
    case 'notice':
      return [el('div', { class: 'notice', text: part.message })];
    case 'error':
      return [el('div', { class: 'error', text: part.message })];
    default:
      return [];
  }
}

/** Relative times ("3 minutes ago") move on in place: a re-render would scroll the reader away. */
export function refreshTimes(box: HTMLElement): void {
  for (const time of box.querySelectorAll<HTMLTimeElement>('time'))
    time.textContent = relativeTime(Date.parse(time.dateTime));
}
