import { api, errorText, followEvents, type SessionDetail } from '../core/api.js';
import { $ } from '../core/dom.js';
import { tools } from '../core/shared.js';
import { el } from '../ui/render.js';
import {
  applyTurnEvent,
  type Conversation,
  conversationOf,
  emptyConversation,
  insertUserMessage,
  lastUserText,
  PENDING,
} from './conversation.js';
import { MessageList, refreshTimes } from './message-list.js';

/**
 * The chat pane: one session's messages, followed live through its turn events, redrawn at most
 * once a frame. Send, Stop and the composer go through it; `onTurnDone` tells the session list.
 */
export class Chat {
  sessionId: string | undefined;
  private conversation: Conversation = emptyConversation();
  private stopFollowing: (() => void) | undefined;
  private renderPending = false;
  private readonly list = new MessageList($('messages'));

  constructor(private readonly onTurnDone: () => void) {
    $('stop').onclick = () => this.sessionId && void api('POST', `/api/sessions/${this.sessionId}/cancel`);
    setInterval(() => refreshTimes($('messages')), 60_000);
  }

  get running(): boolean {
    return this.conversation.runningTurn !== undefined;
  }

  /** Shows a session and follows its events (a running turn replays from its start). */
  show(id: string, detail: SessionDetail): void {
    this.stopFollowing?.();
    this.sessionId = id;
    $('chat-title').textContent = detail.title;
    this.conversation = conversationOf(detail);
    this.list.reset();
    this.render();
    this.list.toBottom();
    this.setRunning(this.running);
    this.stopFollowing = followEvents(id, (event) => {
      const outcome = applyTurnEvent(this.conversation, event);
      if (!outcome) return;
      if (outcome.running !== undefined) this.setRunning(outcome.running);
      if (outcome.missingUserMessage) void this.fetchUserMessage(outcome.missingUserMessage);
      if (outcome.running === false) this.onTurnDone();
      this.scheduleRender();
    });
  }

  clear(): void {
    this.stopFollowing?.();
    this.stopFollowing = undefined;
    this.sessionId = undefined;
    $('chat-title').textContent = '';
    this.conversation = emptyConversation();
    this.list.reset();
    this.setRunning(false);
  }

  /** The user's message, shown at once; the turn-start event gives it its real id. */
  addPending(text: string): void {
    this.conversation.messages.push({
      id: PENDING,
      role: 'user',
      turnId: null,
      status: 'complete',
      createdAt: Date.now(),
      parts: [{ type: 'text', text }],
    });
    this.render();
    this.list.toBottom();
  }

  dropPending(): void {
    this.conversation.messages = this.conversation.messages.filter((m) => m.id !== PENDING);
    this.render();
  }

  lastUserText(): string | undefined {
    return lastUserText(this.conversation);
  }

  showError(error: unknown): void {
    $('messages').append(el('div', { class: 'message assistant error', text: errorText(error) }));
  }

  private async fetchUserMessage(id: string): Promise<void> {
    const detail = await api<SessionDetail>('GET', `/api/sessions/${this.sessionId}`);
    const user = detail.messages.find((m) => m.id === id);
    if (user && insertUserMessage(this.conversation, user)) this.scheduleRender();
  }

  private setRunning(running: boolean): void {
    $('send').hidden = running;
    $('stop').hidden = !running;
  }

  private scheduleRender(): void {
    if (this.renderPending) return;
    this.renderPending = true;
    requestAnimationFrame(() => {
      this.renderPending = false;
      this.render();
    });
  }

  private render(): void {
    const serverOf = new Map(tools.get().map((t) => [t.name, t.server ?? undefined]));
    this.list.render(this.conversation, serverOf);
  }
}
