import { api, errorText, type McpEvent, type ServerStatus } from '../core/api.js';
import { $ } from '../core/dom.js';
import { servers } from '../core/shared.js';
import { el } from '../ui/render.js';
import { ServerResources } from './resources.js';

type Fold = (key: string, summary: string, ...rows: Node[]) => HTMLElement;

/**
 * The MCP servers panel: each server's state, protocol and tools, what went wrong (its error, a
 * degraded reason, the last failed action), its rejected tools, stderr tail and resources, with
 * Log in/out, Reconnect and Enable/Disable. Redrawn on each server update, folds kept as they were.
 */
export class ServersPanel {
  /** Why the last Enable/Disable/Reconnect of a server failed, by server name. */
  private readonly actionErrors = new Map<string, string>();
  readonly resources: ServerResources;

  constructor(attachText: (blocks: string[]) => void) {
    this.resources = new ServerResources(
      attachText,
      () => this.render(),
      (server, message) => this.fail(server, message),
    );
    servers.subscribe(() => this.render());
  }

  /** A server update from the event stream: the whole list, or one server. */
  update(event: Extract<McpEvent, { type: 'servers' | 'server' }>): void {
    if (event.type === 'servers') {
      servers.set(event.servers);
      return;
    }
    const list = [...servers.get()];
    const index = list.findIndex((s) => s.name === event.server.name);
    if (index === -1) list.push(event.server);
    else list[index] = event.server;
    servers.set(list);
  }

  private fail(server: string, message: string): void {
    // Kept: the next live update redraws the panel and must not drop it.
    this.actionErrors.set(server, message);
    this.render();
  }

  render(): void {
    const open = new Set(
      [...document.querySelectorAll<HTMLDetailsElement>('#mcp-servers details[open]')].map(
        (d) => d.dataset.key,
      ),
    );
    $('mcp-servers').replaceChildren(...servers.get().map((s) => this.serverBox(s, open)));
  }

  private serverBox(s: ServerStatus, open: Set<string | undefined>): HTMLElement {
    const fold: Fold = (key, summary, ...rows) => {
      const node = el(
        'details',
        { class: 'muted', 'data-key': `${s.name}:${key}` },
        el('summary', { text: summary }),
        ...rows,
      );
      if (open.has(`${s.name}:${key}`)) node.setAttribute('open', '');
      return node;
    };
    return el(
      'div',
      { class: 'server', 'data-server': s.name },
      el(
        'header',
        {},
        el('strong', { text: s.name }),
        el('span', { class: `state ${s.state}`, text: s.state }),
        el('span', { class: 'server-actions' }, ...this.actions(s)),
      ),
      el('div', {
        class: 'muted',
        text: `${s.transport}${s.protocolVersion ? ` · ${s.protocolVersion}` : ''} · ${s.toolCount} tools`,
      }),
      s.error ? el('div', { class: 'error server-error', text: s.error }) : undefined,
      s.degraded ? el('div', { class: 'notice', text: s.degraded }) : undefined,
      el('div', { class: 'error action-error', role: 'alert', text: this.actionErrors.get(s.name) ?? '' }),
      s.state === 'connected' && s.features.resources ? this.resourcesFold(s.name, fold) : undefined,
      s.rejected.length
        ? fold(
            'rejected',
            `${s.rejected.length} rejected tool(s)`,
            ...s.rejected.map((r) => el('div', { class: 'rejected', text: `${r.name}: ${r.reason}` })),
          )
        : undefined,
      s.stderrTail.length
        ? fold(
            'stderr',
            `stderr, last ${s.stderrTail.length === 1 ? 'line' : `${s.stderrTail.length} lines`}`,
            el('pre', { text: s.stderrTail.slice(-20).join('\n'), tabindex: '0' }),
          )
        : undefined,
    );
  }

  private actions(s: ServerStatus): (HTMLButtonElement | undefined)[] {
    const disabled = s.state === 'disabled';
    return [
      s.state === 'needs-login' ? this.loginButton(s.name) : undefined,
      s.canLogin && s.state === 'connected'
        ? this.action(s.name, 'Log out', 'Logging out…', 'logout')
        : undefined,
      disabled ? undefined : this.action(s.name, 'Reconnect', 'Reconnecting…', 'reconnect'),
      disabled
        ? this.action(s.name, 'Enable', 'Enabling…', 'enable')
        : this.action(s.name, 'Disable', 'Disabling…', 'disable'),
    ];
  }

  private resourcesFold(server: string, fold: Fold): HTMLElement {
    const node = fold('resources', 'Resources', ...this.resources.rows(server)) as HTMLDetailsElement;
    node.addEventListener('toggle', () => {
      if (node.open) void this.resources.load(server);
    });
    return node;
  }

  /** Log in sends this window to the server's authorization page; BooCode's callback links back. */
  private loginButton(server: string): HTMLButtonElement {
    const button = el('button', { type: 'button', text: 'Log in', 'data-action': 'login' });
    button.onclick = async () => {
      button.disabled = true;
      this.actionErrors.delete(server);
      try {
        const { authorizationUrl } = await api<{ authorizationUrl?: string }>(
          'POST',
          `/api/mcp/${encodeURIComponent(server)}/login`,
        );
        if (authorizationUrl) window.location.assign(authorizationUrl);
      } catch (error) {
        this.fail(server, errorText(error));
      }
    };
    return button;
  }

  /** A panel button that calls the API, showing `busy` meanwhile and any failure under the server. */
  private action(server: string, label: string, busy: string, action: string): HTMLButtonElement {
    const button = el('button', { type: 'button', class: 'secondary', text: label, 'data-action': action });
    button.onclick = async () => {
      button.textContent = busy;
      button.disabled = true;
      this.actionErrors.delete(server);
      try {
        await api('POST', `/api/mcp/${encodeURIComponent(server)}/${action}`);
      } catch (error) {
        this.fail(server, errorText(error));
      }
    };
    return button;
  }
}
