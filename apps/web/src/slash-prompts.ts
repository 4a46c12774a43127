import type { HubPrompt, HubPromptResult, ServerStatus } from '@boocode/api-types';
import { api, errorText } from './api.js';
import { el } from './render.js';
import { schemaForm } from './schema-form.js';

interface Choice {
  server: string;
  prompt: HubPrompt;
  label: string;
}

export interface SlashPrompts {
  /** Handles a composer key while the menu is open; true when the key was the menu's. */
  onKey(event: KeyboardEvent): boolean;
  /** Forgets a server's cached prompts (its list changed, or it reconnected). */
  forget(server?: string): void;
}

/** A prompt's messages as composer text: text as is, anything else named in brackets. */
function promptText(result: HubPromptResult): string {
  return result.messages
    .map(({ content }) =>
      content.type === 'text' && typeof content.text === 'string' ? content.text : `[${content.type}]`,
    )
    .join('\n\n');
}

/**
 * `/` at the start of the composer lists the connected servers' prompts as `/<server>:<prompt>`;
 * choosing one asks for its arguments (when it has any) and puts its messages in the composer.
 */
export function slashPrompts(
  textarea: HTMLTextAreaElement,
  menu: HTMLElement,
  argsBox: HTMLElement,
  servers: () => ServerStatus[],
): SlashPrompts {
  const cache = new Map<string, Promise<HubPrompt[]>>();
  let shown: Choice[] = [];
  let active = 0;

  const promptsOf = (server: string) => {
    let listing = cache.get(server);
    if (!listing) {
      listing = api<{ prompts: HubPrompt[] }>('GET', `/api/mcp/${encodeURIComponent(server)}/prompts`).then(
        (r) => r.prompts,
        () => [],
      );
      cache.set(server, listing);
    }
    return listing;
  };

  const hide = () => {
    menu.hidden = true;
    shown = [];
    textarea.removeAttribute('aria-activedescendant');
  };

  const render = () => {
    menu.replaceChildren(
      ...shown.map((choice, i) => {
        const item = el('div', {
          role: 'option',
          id: `slash-option-${i}`,
          class: i === active ? 'active' : '',
          'aria-selected': String(i === active),
          'data-prompt': choice.label,
        });
        item.append(
          el('strong', { text: `/${choice.label}` }),
          el('span', { class: 'muted', text: ` ${choice.prompt.description ?? ''}` }),
        );
        item.onmousedown = (event) => {
          event.preventDefault();
          void choose(choice);
        };
        return item;
      }),
    );
    menu.hidden = shown.length === 0;
    if (shown.length) textarea.setAttribute('aria-activedescendant', `slash-option-${active}`);
  };

  const update = async () => {
    const match = /^\/(\S*)$/.exec(textarea.value);
    if (!match) return hide();
    const query = (match[1] ?? '').toLowerCase();
    const offering = servers().filter((s) => s.state === 'connected' && s.features.prompts);
    const lists = await Promise.all(
      offering.map(async (s) => ({ server: s.name, prompts: await promptsOf(s.name) })),
    );
    // The text may have changed while the lists loaded.
    if (!/^\/\S*$/.test(textarea.value)) return hide();
    shown = lists
      .flatMap(({ server, prompts }) =>
        prompts.map((prompt) => ({ server, prompt, label: `${server}:${prompt.name}` })),
      )
      .filter((c) => c.label.toLowerCase().includes(query))
      .slice(0, 20);
    active = Math.min(active, Math.max(0, shown.length - 1));
    render();
  };

  const insert = async (choice: Choice, args: Record<string, string>, error: HTMLElement) => {
    try {
      const result = await api<HubPromptResult>(
        'POST',
        `/api/mcp/${encodeURIComponent(choice.server)}/prompts/${encodeURIComponent(choice.prompt.name)}`,
        { arguments: args },
      );
      textarea.value = promptText(result);
      argsBox.replaceChildren();
      argsBox.hidden = true;
      textarea.focus();
    } catch (failure) {
      error.textContent = errorText(failure);
    }
  };

  const choose = async (choice: Choice) => {
    hide();
    const error = el('div', { class: 'error', role: 'alert' });
    if (choice.prompt.arguments.length === 0) {
      argsBox.replaceChildren(error);
      argsBox.hidden = false;
      return insert(choice, {}, error);
    }
    const schema = {
      type: 'object',
      properties: Object.fromEntries(
        choice.prompt.arguments.map((a) => [
          a.name,
          { type: 'string', ...(a.description ? { description: a.description } : {}) },
        ]),
      ),
      required: choice.prompt.arguments.filter((a) => a.required).map((a) => a.name),
    };
    const form = schemaForm(schema, 'prompt-arg');
    const use = el('button', { type: 'button', text: 'Insert prompt' });
    const cancel = el('button', { type: 'button', class: 'secondary', text: 'Cancel' });
    use.onclick = () => {
      const { args, errors } = form.read();
      for (const name of schema.required) if (args[name] === undefined) errors.set(name, 'is required');
      form.showErrors(errors);
      if (errors.size === 0) void insert(choice, args as Record<string, string>, error);
    };
    cancel.onclick = () => {
      argsBox.replaceChildren();
      argsBox.hidden = true;
      textarea.focus();
    };
    argsBox.replaceChildren(
      el('div', { class: 'muted', text: `/${choice.label}` }),
      form.element,
      el('div', { class: 'request-actions' }, use, cancel),
      error,
    );
    argsBox.hidden = false;
    (argsBox.querySelector('input, select, textarea') as HTMLElement | null)?.focus();
  };

  textarea.addEventListener('input', () => {
    active = 0;
    void update();
  });
  textarea.addEventListener('blur', () => setTimeout(hide, 150));

  return {
    onKey(event) {
      if (menu.hidden || shown.length === 0) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        active = (active + (event.key === 'ArrowDown' ? 1 : shown.length - 1)) % shown.length;
        render();
      } else if (event.key === 'Enter' || event.key === 'Tab') {
        const choice = shown[active];
        if (choice) void choose(choice);
      } else if (event.key === 'Escape') hide();
      else return false;
      event.preventDefault();
      return true;
    },
    forget(server) {
      if (server) cache.delete(server);
      else cache.clear();
    },
  };
}
