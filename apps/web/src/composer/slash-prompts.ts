import type { HubPrompt, HubPromptResult, ServerStatus } from '@boocode/api-types';
import { api, errorText } from '../core/api.js';
import { el } from '../ui/render.js';
import { schemaForm } from '../ui/schema-form.js';

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
  return new SlashPromptMenu(textarea, menu, argsBox, servers);
}

class SlashPromptMenu implements SlashPrompts {
  private readonly cache = new Map<string, Promise<HubPrompt[]>>();
  private shown: Choice[] = [];
  private active = 0;

  constructor(
    private readonly textarea: HTMLTextAreaElement,
    private readonly menu: HTMLElement,
    private readonly argsBox: HTMLElement,
    private readonly servers: () => ServerStatus[],
  ) {
    textarea.addEventListener('input', () => {
      this.active = 0;
      void this.update();
    });
    textarea.addEventListener('blur', () => setTimeout(() => this.hide(), 150));
  }

  onKey(event: KeyboardEvent): boolean {
    if (this.menu.hidden || this.shown.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      this.active =
        (this.active + (event.key === 'ArrowDown' ? 1 : this.shown.length - 1)) % this.shown.length;
      this.render();
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const choice = this.shown[this.active];
      if (choice) void this.choose(choice);
    } else if (event.key === 'Escape') this.hide();
    else return false;
    event.preventDefault();
    return true;
  }

  forget(server?: string): void {
    if (server) this.cache.delete(server);
    else this.cache.clear();
  }

  private promptsOf(server: string): Promise<HubPrompt[]> {
    let listing = this.cache.get(server);
    if (!listing) {
      listing = api<{ prompts: HubPrompt[] }>('GET', `/api/mcp/${encodeURIComponent(server)}/prompts`).then(
        (r) => r.prompts,
        () => [],
      );
      this.cache.set(server, listing);
    }
    return listing;
  }

  private hide(): void {
    this.menu.hidden = true;
    this.shown = [];
    this.textarea.removeAttribute('aria-activedescendant');
  }

  private render(): void {
    this.menu.replaceChildren(
      ...this.shown.map((choice, i) => {
        const item = el('div', {
          role: 'option',
          id: `slash-option-${i}`,
          class: i === this.active ? 'active' : '',
          'aria-selected': String(i === this.active),
          'data-prompt': choice.label,
        });
        item.append(
          el('strong', { text: `/${choice.label}` }),
          el('span', { class: 'muted', text: ` ${choice.prompt.description ?? ''}` }),
        );
        item.onmousedown = (event) => {
          event.preventDefault();
          void this.choose(choice);
        };
        return item;
      }),
    );
    this.menu.hidden = this.shown.length === 0;
    if (this.shown.length) this.textarea.setAttribute('aria-activedescendant', `slash-option-${this.active}`);
  }

  private async update(): Promise<void> {
    const match = /^\/(\S*)$/.exec(this.textarea.value);
    if (!match) return this.hide();
    const query = (match[1] ?? '').toLowerCase();
    const offering = this.servers().filter((s) => s.state === 'connected' && s.features.prompts);
    const lists = await Promise.all(
      offering.map(async (s) => ({ server: s.name, prompts: await this.promptsOf(s.name) })),
    );
    // The text may have changed while the lists loaded.
    if (!/^\/\S*$/.test(this.textarea.value)) return this.hide();
    this.shown = lists
      .flatMap(({ server, prompts }) =>
        prompts.map((prompt) => ({ server, prompt, label: `${server}:${prompt.name}` })),
      )
      .filter((c) => c.label.toLowerCase().includes(query))
      .slice(0, 20);
    this.active = Math.min(this.active, Math.max(0, this.shown.length - 1));
    this.render();
  }

  private closeArguments(): void {
    this.argsBox.replaceChildren();
    this.argsBox.hidden = true;
    this.textarea.focus();
  }

  private async insert(choice: Choice, args: Record<string, string>, error: HTMLElement): Promise<void> {
    try {
      const result = await api<HubPromptResult>(
        'POST',
        `/api/mcp/${encodeURIComponent(choice.server)}/prompts/${encodeURIComponent(choice.prompt.name)}`,
        { arguments: args },
      );
      this.textarea.value = promptText(result);
      this.closeArguments();
    } catch (failure) {
      error.textContent = errorText(failure);
    }
  }

  /** A prompt without arguments goes in at once; one with arguments asks for them first. */
  private async choose(choice: Choice): Promise<void> {
    this.hide();
    const error = el('div', { class: 'error', role: 'alert' });
    if (choice.prompt.arguments.length === 0) {
      this.argsBox.replaceChildren(error);
      this.argsBox.hidden = false;
      return this.insert(choice, {}, error);
    }
    const schema = argumentsSchema(choice.prompt);
    const form = schemaForm(schema, 'prompt-arg');
    const use = el('button', { type: 'button', text: 'Insert prompt' });
    const cancel = el('button', { type: 'button', class: 'secondary', text: 'Cancel' });
    use.onclick = () => {
      const { args, errors } = form.read();
      for (const name of schema.required) if (args[name] === undefined) errors.set(name, 'is required');
      form.showErrors(errors);
      if (errors.size === 0) void this.insert(choice, args as Record<string, string>, error);
    };
    cancel.onclick = () => this.closeArguments();
    this.argsBox.replaceChildren(
      el('div', { class: 'muted', text: `/${choice.label}` }),
      form.element,
      el('div', { class: 'request-actions' }, use, cancel),
      error,
    );
    this.argsBox.hidden = false;
    (this.argsBox.querySelector('input, select, textarea') as HTMLElement | null)?.focus();
  }
}

/** A prompt's arguments as the form's schema: each a string, the required ones required. */
function argumentsSchema(prompt: HubPrompt) {
  return {
    type: 'object',
    properties: Object.fromEntries(
      prompt.arguments.map((a) => [
        a.name,
        { type: 'string', ...(a.description ? { description: a.description } : {}) },
      ]),
    ),
    required: prompt.arguments.filter((a) => a.required).map((a) => a.name),
  };
}
