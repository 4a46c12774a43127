import type { Chat } from '../chat/chat.js';
import { ApiError, api, type SessionDetail } from '../core/api.js';
import { $ } from '../core/dom.js';
import { sessionInPath, showRoute } from '../core/routing.js';
import { toggleDrawer } from '../layout/drawers.js';
import { el } from '../ui/render.js';

interface SessionRow {
  id: string;
  title: string;
  agent: string | null;
}

/** The session list in the sidebar, and which session the chat and the address show. */
export class Sessions {
  constructor(private readonly chat: Chat) {
    window.onpopstate = () => void this.followRoute();
    $('new-session-button').onclick = () => void this.create();
  }

  async loadList(): Promise<void> {
    const { sessions } = await api<{ sessions: SessionRow[] }>('GET', '/api/sessions');
    $('sessions').replaceChildren(...sessions.map((s) => this.row(s)));
  }

  private row(s: SessionRow): HTMLElement {
    const current = s.id === this.chat.sessionId;
    const remove = el('button', {
      type: 'button',
      title: 'Delete',
      'aria-label': `Delete ${s.title}`,
      text: '✕',
    });
    remove.onclick = async (event) => {
      event.stopPropagation();
      await api('DELETE', `/api/sessions/${s.id}`);
      if (this.chat.sessionId === s.id) this.clear();
      await this.loadList();
    };
    const row = el(
      'div',
      { class: `session${current ? ' active' : ''}`, 'data-session-id': s.id },
      el('button', {
        type: 'button',
        class: 'session-title',
        text: s.agent ? `${s.title} · ${s.agent}` : s.title,
        ...(current ? { 'aria-current': 'page' } : {}),
      }),
      remove,
    );
    row.onclick = () => void this.open(s.id);
    return row;
  }

  clear(): void {
    this.chat.clear();
    showRoute(undefined);
  }

  async open(id: string): Promise<void> {
    const detail = await api<SessionDetail>('GET', `/api/sessions/${id}`);
    showRoute(id);
    this.chat.show(id, detail);
    toggleDrawer('sidebar', false);
    await this.loadList();
  }

  /** A new session, with the agent picked in the sidebar (or none), opened at once. */
  async create(): Promise<void> {
    const agent = $<HTMLSelectElement>('agent-picker').value || undefined;
    const session = await api<{ id: string }>('POST', '/api/sessions', agent ? { agent } : {});
    await this.open(session.id);
  }

  /** Shows the session the address names (or none), as on a reload or a step back or forward. */
  async followRoute(): Promise<void> {
    const id = sessionInPath();
    if (!id) {
      if (this.chat.sessionId) this.clear();
      return;
    }
    if (id === this.chat.sessionId) return;
    try {
      await this.open(id);
    } catch (error) {
      // Replaced, not pushed: back should not lead to the address that failed again.
      history.replaceState(null, '', '/');
      this.clear();
      this.chat.showError(
        error instanceof ApiError && error.status === 404
          ? `No session ${id}: it may have been deleted.`
          : error,
      );
    }
  }
}
