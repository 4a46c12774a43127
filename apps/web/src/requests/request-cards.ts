import type { McpInputAnswer, McpInputRequest } from '@boocode/api-types';
import { el } from '../ui/render.js';
import { schemaForm } from '../ui/schema-form.js';

type Answer = (answer: McpInputAnswer) => Promise<void>;

/** The schema's own defaults, so a form opens filled in as the server suggests. */
function defaultsOf(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema.properties as Record<string, { default?: unknown }> | undefined) ?? {};
  return Object.fromEntries(
    Object.entries(properties).flatMap(([name, p]) => (p.default === undefined ? [] : [[name, p.default]])),
  );
}

/** One request from a server, answered in place: a form to fill, or a model call to approve. */
export function requestCard(request: McpInputRequest, answer: Answer): HTMLElement {
  const error = el('div', { class: 'error', role: 'alert' });
  const send = async (body: McpInputAnswer, buttons: HTMLButtonElement[]) => {
    for (const b of buttons) b.disabled = true;
    error.textContent = '';
    try {
      await answer(body);
    } catch (failure) {
      error.textContent = failure instanceof Error ? failure.message : String(failure);
      for (const b of buttons) b.disabled = false;
    }
  };
  const button = (text: string, className = 'secondary') =>
    el('button', { type: 'button', class: className, text });
  const card = el('section', {
    class: `mcp-request ${request.kind}`,
    'data-request': request.id,
    'aria-label': `${request.server} asks`,
  });
  if (request.kind === 'elicitation') {
    const form = schemaForm(request.requestedSchema, `elicit-${request.id.slice(0, 8)}`);
    form.write(defaultsOf(request.requestedSchema));
    const submit = button('Submit', '');
    const decline = button('Decline');
    const cancel = button('Cancel');
    const buttons = [submit, decline, cancel];
    submit.onclick = () => {
      const { args, errors } = form.read();
      form.showErrors(errors);
      if (errors.size === 0)
        void send(
          { action: 'accept', content: args as Record<string, string | number | boolean | string[]> },
          buttons,
        );
    };
    decline.onclick = () => void send({ action: 'decline' }, buttons);
    cancel.onclick = () => void send({ action: 'cancel' }, buttons);
    card.append(
      el('h3', { text: `${request.server} asks` }),
      el('p', { text: request.message }),
      form.element,
      el('div', { class: 'request-actions' }, ...buttons),
      error,
    );
    return card;
  }
  const remember = el(
    'select',
    { 'aria-label': `Next time ${request.server} asks` },
    el('option', { value: '', text: 'Ask me next time' }),
    el('option', { value: 'always', text: `Always allow ${request.server}` }),
    el('option', { value: 'never', text: `Never allow ${request.server}` }),
  );
  const approve = button('Run the model', '');
  const deny = button('Deny');
  const buttons = [approve, deny];
  const choice = () => (remember.value ? { remember: remember.value as 'always' | 'never' } : {});
  approve.onclick = () => void send({ approve: true, ...choice() }, buttons);
  deny.onclick = () => void send({ approve: false, ...choice() }, buttons);
  const transcript = [
    ...(request.systemPrompt ? [`system: ${request.systemPrompt}`] : []),
    ...request.messages.map((m) => `${m.role}: ${m.text}`),
  ].join('\n\n');
  card.append(
    el('h3', { text: `${request.server} wants BooCode's model to answer` }),
    el('pre', { text: transcript, tabindex: '0' }),
    el('p', {
      class: 'muted',
      text: request.requestedMaxTokens
        ? `at most ${request.maxTokens} tokens (BooCode's cap; ${request.server} asked for ${request.requestedMaxTokens})`
        : `at most ${request.maxTokens} tokens`,
    }),
    el('div', { class: 'request-actions' }, approve, deny, remember),
    error,
  );
  return card;
}

/**
 * The requests waiting, one card per server at a time (its oldest), with how many more of that
 * server's wait behind it: a server that sends many forms shows one card, not a wall of them.
 */
export class RequestCards {
  private readonly waiting = new Map<string, McpInputRequest[]>();

  constructor(
    private readonly box: HTMLElement,
    private readonly answer: (request: McpInputRequest, answer: McpInputAnswer) => Promise<void>,
  ) {}

  add(request: McpInputRequest): void {
    const list = this.waiting.get(request.server) ?? [];
    if (list.some((r) => r.id === request.id)) return;
    list.push(request);
    this.waiting.set(request.server, list);
    this.render(request.server);
  }

  settle(id: string): void {
    for (const [server, list] of this.waiting) {
      const at = list.findIndex((r) => r.id === id);
      if (at === -1) continue;
      list.splice(at, 1);
      if (!list.length) this.waiting.delete(server);
      this.render(server);
      return;
    }
  }

  private render(server: string): void {
    const list = this.waiting.get(server) ?? [];
    const first = list[0];
    let card = [...this.box.querySelectorAll<HTMLElement>('.mcp-request')].find(
      (c) => c.dataset.server === server,
    );
    // The card on screen stays while it is still the oldest: what the user typed in it is kept.
    if (card && card.dataset.request !== first?.id) {
      card.remove();
      card = undefined;
    }
    if (!first) return;
    if (!card) {
      card = requestCard(first, (answer) => this.answer(first, answer));
      card.dataset.server = server;
      card.append(el('p', { class: 'muted more-waiting' }));
      this.box.append(card);
    }
    const more = card.querySelector('.more-waiting');
    if (more) more.textContent = list.length > 1 ? `${list.length - 1} more waiting from ${server}` : '';
  }
}
