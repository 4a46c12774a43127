import type { Chat } from '../chat/chat.js';
import { api } from '../core/api.js';
import { $ } from '../core/dom.js';
import { servers } from '../core/shared.js';
import type { Sessions } from '../sessions/sessions.js';
import { type SlashPrompts, slashPrompts } from './slash-prompts.js';

/**
 * The message box: Enter sends and Shift+Enter breaks the line; nothing is sent while an input
 * method is composing (its Enter picks a candidate); ↑ in an empty box brings back the last
 * message to edit; `/` opens the servers' prompts.
 */
export class Composer {
  readonly slash: SlashPrompts;
  private readonly prompt = $<HTMLTextAreaElement>('prompt');

  constructor(
    private readonly chat: Chat,
    private readonly sessions: Sessions,
  ) {
    this.slash = slashPrompts(this.prompt, $('slash-menu'), $('prompt-args'), () => servers.get());
    $('composer').onsubmit = (event) => void this.send(event);
    this.prompt.onkeydown = (event) => this.onKey(event);
  }

  private onKey(event: KeyboardEvent): void {
    if (event.isComposing || event.keyCode === 229) return;
    if (this.slash.onKey(event)) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      void this.send(event);
      return;
    }
    if (event.key === 'ArrowUp' && this.prompt.value === '') {
      const text = this.chat.lastUserText();
      if (!text) return;
      event.preventDefault();
      this.prompt.value = text;
      this.prompt.setSelectionRange(text.length, text.length);
    }
  }

  private async send(event: Event): Promise<void> {
    event.preventDefault();
    const content = this.prompt.value.trim();
    if (!content || this.chat.running) return;
    if (!this.chat.sessionId) await this.sessions.create();
    const id = this.chat.sessionId as string;
    this.chat.addPending(content);
    try {
      await api<{ turnId: string; messageId: string }>('POST', `/api/sessions/${id}/messages`, { content });
      this.prompt.value = '';
    } catch (error) {
      this.chat.dropPending();
      this.chat.showError(error);
    }
  }

  /** Puts text at the end of the message box, a blank line apart, and focuses it. */
  append(blocks: string[]): void {
    this.prompt.value = [this.prompt.value.trimEnd(), ...blocks].filter(Boolean).join('\n\n');
    this.prompt.focus();
  }
}
