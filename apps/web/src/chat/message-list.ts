import type { ChatMessage, PartData, ToolProgress } from '../core/api.js';
import { addCopyButtons, el, markdown, toolCard } from '../ui/render.js';
import { relativeTime } from '../ui/time.js';
import type { Conversation } from './conversation.js';

type Results = Map<string, Extract<PartData, { type: 'tool_result' }>>;

/** A message on screen: its element, and per part what it was drawn from and the nodes drawn. */
interface Drawn {
  node: HTMLElement;
  parts: { key: string; nodes: Node[] }[];
  tail: { key: string; nodes: Node[] };
}

/** How close to the end counts as "at the bottom" (a line's height, about). */
const FOLLOW_SLACK_PX = 40;

/**
 * The message list, drawn incrementally: a message whose parts did not change keeps its nodes (its
 * markdown is not parsed again, a selection in it survives), and in the message that is streaming
 * only the part that grew is drawn again. The view follows new output only while the reader is at
 * the bottom; scrolled up, it stays where it is and a "new output" button brings them down.
 */
export class MessageList {
  private drawn = new WeakMap<ChatMessage, Drawn>();
  private readonly pill: HTMLButtonElement;

  constructor(private readonly box: HTMLElement) {
    this.pill = el('button', { type: 'button', class: 'new-output', text: 'new output ↓', hidden: '' });
    this.pill.onclick = () => this.toBottom();
    box.after(this.pill);
    box.addEventListener('scroll', () => {
      if (this.atBottom()) this.pill.hidden = true;
    });
  }

  /** Forgets what was drawn: the next render draws every message (another session, or none). */
  reset(): void {
    this.drawn = new WeakMap();
    this.box.replaceChildren();
    this.pill.hidden = true;
  }

  /** Brings the view to the newest message (the reader sent one, or asked to). */
  toBottom(): void {
    this.box.scrollTop = this.box.scrollHeight;
    this.pill.hidden = true;
  }

  render(c: Conversation, serverOf: Map<string, string | undefined>): void {
    const following = this.atBottom();
    const before = this.box.scrollHeight;
    const keep = new Set<Node>();
    let at: ChildNode | null = this.box.firstChild;
    for (const message of c.messages) {
      const node = this.update(message, c, serverOf);
      keep.add(node);
      if (node !== at) this.box.insertBefore(node, at);
      else at = at.nextSibling;
    }
    // Anything else (a message dropped, an error line shown under the last render) goes.
    for (const child of [...this.box.childNodes]) if (!keep.has(child)) child.remove();
    if (following) this.box.scrollTop = this.box.scrollHeight;
    else if (this.box.scrollHeight > before) this.pill.hidden = false;
  }

  private atBottom(): boolean {
    return this.box.scrollHeight - this.box.scrollTop - this.box.clientHeight < FOLLOW_SLACK_PX;
  }

  /** The message's element, with only what changed since it was last drawn drawn again. */
  private update(
    message: ChatMessage,
    c: Conversation,
    serverOf: Map<string, string | undefined>,
  ): HTMLElement {
    let drawn = this.drawn.get(message);
    if (!drawn) {
      const node =
        message.role === 'user'
          ? el('div', { class: 'message user' })
          : el('div', { class: 'message assistant', 'data-message-id': message.id });
      drawn = { node, parts: [], tail: { key: '', nodes: [] } };
      this.drawn.set(message, drawn);
    } else if (message.role === 'assistant') drawn.node.dataset.messageId = message.id;
    const wanted = message.role === 'user' ? userParts(message) : assistantParts(message, c, serverOf);
    wanted.forEach((part, i) => {
      const old = drawn.parts[i];
      if (old?.key === part.key) return;
      const nodes = part.draw();
      if (old) {
        const [first, ...rest] = old.nodes;
        for (const node of rest) node.parentNode?.removeChild(node);
        if (first) (first as ChildNode).replaceWith(...nodes);
        else drawn.node.insertBefore(fragment(nodes), drawn.tail.nodes[0] ?? null);
      } else drawn.node.insertBefore(fragment(nodes), drawn.tail.nodes[0] ?? null);
      drawn.parts[i] = { key: part.key, nodes };
    });
    for (const gone of drawn.parts.splice(wanted.length))
      for (const node of gone.nodes) node.parentNode?.removeChild(node);
    const tail = messageTail(message, c);
    if (tail.key !== drawn.tail.key) {
      for (const node of drawn.tail.nodes) node.parentNode?.removeChild(node);
      const nodes = tail.draw();
      drawn.node.append(...nodes);
      drawn.tail = { key: tail.key, nodes };
    }
    return drawn.node;
  }
}

/** One part as it should look: a key that changes whenever its drawing would, and how to draw it. */
interface Wanted {
  key: string;
  draw: () => Node[];
}

const fragment = (nodes: Node[]) => {
  const f = document.createDocumentFragment();
  f.append(...nodes);
  return f;
};

function userParts(message: ChatMessage): Wanted[] {
  const text = message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
  return [{ key: `u:${text}`, draw: () => [el('div', { class: 'user-text', text })] }];
}

function assistantParts(
  message: ChatMessage,
  c: Conversation,
  serverOf: Map<string, string | undefined>,
): Wanted[] {
  const results: Results = new Map(
    message.parts.flatMap((p) => (p.type === 'tool_result' ? [[p.callId, p] as const] : [])),
  );
  return message.parts.flatMap((part): Wanted[] => {
    switch (part.type) {
      case 'text':
        // Text only grows while it streams: its length and end say whether it changed.
        return [
          { key: `t:${part.text.length}:${part.text.slice(-24)}`, draw: () => [markdownBlock(part.text)] },
        ];
      case 'tool_call': {
        const server = part.server ?? serverOf.get(part.name);
        const result = results.get(part.callId);
        const progress = c.progress.get(part.callId);
        return [
          {
            key: `c:${part.callId}:${server ?? ''}:${result ? 'done' : progressKey(progress)}`,
            draw: () => [toolCardKeepingOpen({ ...part, ...(server ? { server } : {}) }, result, progress)],
          },
        ];
      }
      case 'notice':
        return [
          { key: `n:${part.message}`, draw: () => [el('div', { class: 'notice', text: part.message })] },
        ];
      case 'error':
        return [
          { key: `e:${part.message}`, draw: () => [el('div', { class: 'error', text: part.message })] },
        ];
      default:
        return [];
    }
  });
}

const progressKey = (p: ToolProgress | undefined) =>
  p ? `${p.progress}/${p.total ?? ''}:${p.message ?? ''}` : 'run';

function markdownBlock(text: string): HTMLElement {
  const div = el('div', { class: 'markdown' });
  div.innerHTML = markdown(text);
  addCopyButtons(div);
  return div;
}

/** A card drawn again (its result came, its progress moved) stays open if the reader had opened it. */
function toolCardKeepingOpen(...args: Parameters<typeof toolCard>): HTMLElement {
  const callId = args[0].callId;
  const open = document.querySelector<HTMLDetailsElement>(
    `details.tool-card[data-call-id="${CSS.escape(callId)}"]`,
  )?.open;
  const card = toolCard(...args);
  if (open) card.setAttribute('open', '');
  return card;
}

/** Under a message: how an unfinished answer ended, then who answered and when. */
function messageTail(message: ChatMessage, c: Conversation): Wanted {
  const by = message.turnId ? c.answeredBy.get(message.turnId) : undefined;
  const who = message.role === 'user' ? [] : [by?.model, by?.agent ? `agent ${by.agent}` : undefined];
  const status = message.status === 'interrupted' || message.status === 'cancelled' ? message.status : '';
  return {
    key: `${status}|${who.join('|')}`,
    draw: () => [
      ...(status
        ? [
            el('div', {
              class: 'status',
              text:
                status === 'cancelled'
                  ? 'stopped'
                  : 'interrupted: the server stopped before this answer finished',
            }),
          ]
        : []),
      meta(message, who),
    ],
  };
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

/** Relative times ("3 minutes ago") move on in place: a re-render would scroll the reader away. */
export function refreshTimes(box: HTMLElement): void {
  for (const time of box.querySelectorAll<HTMLTimeElement>('time'))
    time.textContent = relativeTime(Date.parse(time.dateTime));
}
