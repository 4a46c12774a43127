import type { McpInputAnswer, McpInputRequest } from '@boocode/api-types';
import { el } from './render.js';
import { schemaForm } from './schema-form.js';

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
    el('p', { class: 'muted', text: `at most ${request.maxTokens} tokens` }),
    el('div', { class: 'request-actions' }, approve, deny, remember),
    error,
  );
  return card;
}
