import type { HubResource, ResourceListing, ResourceRead } from '@boocode/api-types';
import {
  type AgentInfo,
  ApiError,
  api,
  type ChatMessage,
  callToolStreaming,
  errorText,
  followEvents,
  followMcp,
  type McpEvent,
  onTokenNeeded,
  type PartData,
  type ServerStatus,
  type SessionDetail,
  type ToolInfo,
  type ToolProgress,
  type TurnEvent,
} from './api.js';
import { RequestCards } from './mcp-requests.js';
import { addCopyButtons, el, markdown, progressBar, toolCard } from './render.js';
import { resultView } from './result-view.js';
import { fieldErrors } from './schema-errors.js';
import { type SchemaForm, schemaForm } from './schema-form.js';
import { type SlashPrompts, slashPrompts } from './slash-prompts.js';
import { relativeTime } from './time.js';

const PENDING = 'pending-user-message';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let slash: SlashPrompts | undefined;

const state = {
  sessionId: undefined as string | undefined,
  messages: [] as ChatMessage[],
  /** Turns already complete when the session was loaded: their replayed events are ignored. */
  settledTurns: new Set<string>(),
  runningTurn: undefined as string | undefined,
  stopFollowing: undefined as (() => void) | undefined,
  tools: [] as ToolInfo[],
  agents: [] as AgentInfo[],
  modelConfigured: true,
  /** Progress of calls still running, by call id: shown on their cards, never stored. */
  progress: new Map<string, ToolProgress>(),
  /** Who answered each turn, by turn id: shown under each answer. */
  answeredBy: new Map<string, { model: string | null; agent: string | null }>(),
  servers: [] as ServerStatus[],
  /** Why the last Enable/Disable/Reconnect of a server failed, by server name. */
  actionErrors: new Map<string, string>(),
  /** Each server's resources once its Resources fold was opened (or why they could not be listed). */
  resources: new Map<string, HubResource[] | string>(),
};

// ---- token ----
onTokenNeeded(
  () =>
    new Promise((resolve) => {
      const dialog = $<HTMLDialogElement>('token-dialog');
      const input = $<HTMLInputElement>('token-input');
      $('token-form').onsubmit = () => resolve(input.value.trim());
      dialog.showModal();
    }),
);

// ---- sessions ----
async function loadSessions(): Promise<void> {
  const { sessions } = await api<{ sessions: { id: string; title: string; agent: string | null }[] }>(
    'GET',
    '/api/sessions',
  );
  const nav = $('sessions');
  nav.replaceChildren(
    ...sessions.map((s) => {
      const remove = el('button', {
        type: 'button',
        title: 'Delete',
        'aria-label': `Delete ${s.title}`,
        text: '✕',
      });
      remove.onclick = async (event) => {
        event.stopPropagation();
        await api('DELETE', `/api/sessions/${s.id}`);
        if (state.sessionId === s.id) clearChat();
        await loadSessions();
      };
      const row = el(
        'div',
        { class: `session${s.id === state.sessionId ? ' active' : ''}`, 'data-session-id': s.id },
        el('button', {
          type: 'button',
          class: 'session-title',
          text: s.agent ? `${s.title} · ${s.agent}` : s.title,
          ...(s.id === state.sessionId ? { 'aria-current': 'page' } : {}),
        }),
        remove,
      );
      row.onclick = () => void openSession(s.id);
      return row;
    }),
  );
}

function clearChat(): void {
  state.stopFollowing?.();
  state.sessionId = undefined;
  $('chat-title').textContent = '';
  state.messages = [];
  $('messages').replaceChildren();
  setRunning(false);
  showRoute(undefined);
}

/** Each session has its own address, `/s/<id>`: reload, back and forward return to it. */
const SESSION_PATH = /^\/s\/([^/]+)\/?$/;
const sessionInPath = () => {
  const match = SESSION_PATH.exec(location.pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
};

function showRoute(id: string | undefined): void {
  const target = id ? `/s/${encodeURIComponent(id)}` : '/';
  if (location.pathname !== target) history.pushState(null, '', target);
}

/** Shows the session the address names (or none), as on a reload or a step back or forward. */
async function followRoute(): Promise<void> {
  const id = sessionInPath();
  if (!id) {
    if (state.sessionId) clearChat();
    return;
  }
  if (id === state.sessionId) return;
  try {
    await openSession(id);
  } catch (error) {
    // Replaced, not pushed: back should not lead to the address that failed again.
    history.replaceState(null, '', '/');
    clearChat();
    showChatError(
      error instanceof ApiError && error.status === 404
        ? `No session ${id}: it may have been deleted.`
        : error,
    );
  }
}

async function openSession(id: string): Promise<void> {
  state.stopFollowing?.();
  const detail = await api<SessionDetail>('GET', `/api/sessions/${id}`);
  state.sessionId = id;
  $('chat-title').textContent = detail.title;
  showRoute(id);
  state.runningTurn = detail.runningTurnId ?? undefined;
  // A running turn is rebuilt from its replayed events (they start at turn-start), so its stored
  // partial answer is dropped here rather than shown twice.
  state.messages = detail.messages.filter(
    (m) => !(m.role === 'assistant' && m.turnId && m.turnId === detail.runningTurnId),
  );
  state.settledTurns = new Set(detail.turns.filter((t) => t.id !== detail.runningTurnId).map((t) => t.id));
  state.answeredBy = new Map(detail.turns.map((t) => [t.id, { model: t.model, agent: t.agent }]));
  renderMessages();
  setRunning(state.runningTurn !== undefined);
  state.stopFollowing = followEvents(id, onEvent);
  toggleDrawer('sidebar', false);
  await loadSessions();
}

// ---- chat ----
function assistantFor(turnId: string, messageId: string): ChatMessage {
  let message: ChatMessage | undefined = state.messages.find((m) => m.id === messageId);
  if (!message) {
    message = {
      id: messageId,
      role: 'assistant',
      turnId,
      status: 'streaming',
      createdAt: Date.now(),
      parts: [],
    };
    state.messages.push(message);
  }
  return message;
}

function onEvent(event: TurnEvent): void {
  if (state.settledTurns.has(event.turnId)) return;
  switch (event.type) {
    case 'turn-start': {
      state.runningTurn = event.turnId;
      state.answeredBy.set(event.turnId, { model: event.model, agent: event.agent });
      setRunning(true);
      const pending = state.messages.find((m) => m.id === PENDING);
      if (pending) {
        pending.id = event.userMessageId;
        pending.turnId = event.turnId;
      } else if (!state.messages.some((m) => m.id === event.userMessageId)) {
        // The user message of a turn started elsewhere (another tab): fetch it with the session.
        void api<SessionDetail>('GET', `/api/sessions/${state.sessionId}`).then((detail) => {
          const user = detail.messages.find((m) => m.id === event.userMessageId);
          if (user && !state.messages.some((m) => m.id === user.id)) {
            state.messages.splice(Math.max(0, state.messages.length - 1), 0, user);
            scheduleRender();
          }
        });
      }
      assistantFor(event.turnId, event.messageId);
      break;
    }
    case 'text-delta': {
      const message = assistantFor(event.turnId, event.messageId);
      const last = message.parts.at(-1);
      if (last?.type === 'text') last.text += event.delta;
      else message.parts.push({ type: 'text', text: event.delta });
      break;
    }
    case 'tool-call':
      assistantFor(event.turnId, event.messageId).parts.push({
        type: 'tool_call',
        callId: event.callId,
        name: event.name,
        arguments: event.arguments,
        ...(event.server ? { server: event.server } : {}),
      });
      break;
    case 'tool-progress':
      state.progress.set(event.callId, event);
      break;
    case 'tool-result':
      state.progress.delete(event.callId);
      assistantFor(event.turnId, event.messageId).parts.push({
        type: 'tool_result',
        callId: event.callId,
        name: event.name,
        output: event.output,
        error: event.error,
        durationMs: event.durationMs,
        truncated: event.truncated,
      });
      break;
    case 'notice':
    case 'error': {
      const message = state.messages.filter((m) => m.role === 'assistant').at(-1);
      message?.parts.push(
        event.type === 'notice'
          ? { type: 'notice', message: event.message }
          : { type: 'error', code: event.code, message: event.message },
      );
      break;
    }
    case 'done': {
      const message = state.messages
        .filter((m) => m.turnId === event.turnId && m.role === 'assistant')
        .at(-1);
      if (message)
        message.status = event.status === 'done' || event.status === 'failed' ? 'complete' : event.status;
      state.settledTurns.add(event.turnId);
      state.runningTurn = undefined;
      setRunning(false);
      void loadSessions();
      break;
    }
  }
  scheduleRender();
}

let renderPending = false;
function scheduleRender(): void {
  if (renderPending) return;
  renderPending = true;
  requestAnimationFrame(() => {
    renderPending = false;
    renderMessages();
  });
}

function renderMessages(): void {
  const box = $('messages');
  const serverOf = new Map(state.tools.map((t) => [t.name, t.server ?? undefined]));
  const open = new Set(
    [...box.querySelectorAll<HTMLDetailsElement>('details.tool-card[open]')].map((d) => d.dataset.callId),
  );
  box.replaceChildren(
    ...state.messages.map((message) => {
      if (message.role === 'user') {
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
      const node = el('div', { class: 'message assistant', 'data-message-id': message.id });
      const results = new Map(
        message.parts.flatMap((p) => (p.type === 'tool_result' ? [[p.callId, p] as const] : [])),
      );
      for (const part of message.parts) node.append(...renderPart(part, results, serverOf, open));
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
      const by = message.turnId ? state.answeredBy.get(message.turnId) : undefined;
      node.append(meta(message, [by?.model, by?.agent ? `agent ${by.agent}` : undefined]));
      return node;
    }),
  );
  box.scrollTop = box.scrollHeight;
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
  results: Map<string, Extract<PartData, { type: 'tool_result' }>>,
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
        state.progress.get(part.callId),
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

function setRunning(running: boolean): void {
  $('send').hidden = running;
  $('stop').hidden = !running;
}

async function send(event: Event): Promise<void> {
  event.preventDefault();
  const prompt = $<HTMLTextAreaElement>('prompt');
  const content = prompt.value.trim();
  if (!content || state.runningTurn) return;
  if (!state.sessionId) await newSession();
  const id = state.sessionId as string;
  // Shown at once; the turn-start event gives it its real id.
  state.messages.push({
    id: PENDING,
    role: 'user',
    turnId: null,
    status: 'complete',
    createdAt: Date.now(),
    parts: [{ type: 'text', text: content }],
  });
  renderMessages();
  try {
    await api<{ turnId: string; messageId: string }>('POST', `/api/sessions/${id}/messages`, { content });
    prompt.value = '';
  } catch (error) {
    state.messages = state.messages.filter((m) => m.id !== PENDING);
    renderMessages();
    showChatError(error);
  }
}

function showChatError(error: unknown): void {
  const message = errorText(error);
  $('messages').append(el('div', { class: 'message assistant error', text: message }));
}

async function newSession(): Promise<void> {
  const agent = $<HTMLSelectElement>('agent-picker').value || undefined;
  const session = await api<{ id: string }>('POST', '/api/sessions', agent ? { agent } : {});
  await openSession(session.id);
}

// ---- agents ----
async function loadAgents(): Promise<void> {
  const { agents } = await api<{ agents: AgentInfo[] }>('GET', '/api/agents');
  state.agents = agents;
  const picker = $<HTMLSelectElement>('agent-picker');
  picker.replaceChildren(
    el('option', { value: '', text: '(no agent: every tool)' }),
    ...agents.map((a) => el('option', { value: a.name, text: `${a.name} — ${a.description}` })),
  );
  showAgentTools();
}

function showAgentTools(): void {
  const agent = state.agents.find((a) => a.name === $<HTMLSelectElement>('agent-picker').value);
  const names = agent ? agent.toolNames : state.tools.map((t) => t.name);
  $('agent-tools').textContent =
    `${agent?.tools ? `tools: [${agent.tools.join(', ')}] → ` : 'tools: '}${names.join(', ') || '(none)'}`;
}

// ---- MCP panel ----
function onMcpEvent(event: McpEvent): void {
  if (event.type === 'tools') {
    void refreshTools();
    return;
  }
  if (event.type === 'input-requested' || event.type === 'input-settled') {
    showRequest(event);
    return;
  }
  if (event.type === 'resource-updated') return;
  if (event.type === 'list-changed') {
    if (event.list === 'prompts') slash?.forget(event.server);
    else state.resources.delete(event.server);
    renderServers();
    return;
  }
  if (event.type === 'servers') state.servers = event.servers;
  else {
    const index = state.servers.findIndex((s) => s.name === event.server.name);
    if (index === -1) state.servers.push(event.server);
    else state.servers[index] = event.server;
  }
  renderServers();
}

/** A server's form or sampling request appears as a card above the chat until it is settled. */
let requestCards: RequestCards | undefined;
function showRequest(event: Extract<McpEvent, { type: 'input-requested' | 'input-settled' }>): void {
  requestCards ??= new RequestCards($('mcp-requests'), async (request, answer) => {
    await api('POST', `/api/mcp/input/${encodeURIComponent(request.id)}`, answer);
  });
  if (event.type === 'input-settled') requestCards.settle(event.id);
  else requestCards.add(event.request);
}

/** Puts a resource in the composer: text as a quoted block under its URI, binary as a link. */
async function attachResource(server: string, uri: string): Promise<void> {
  const prompt = $<HTMLTextAreaElement>('prompt');
  const read = await api<ResourceRead>(
    'GET',
    `/api/mcp/${encodeURIComponent(server)}/resource?uri=${encodeURIComponent(uri)}`,
  );
  const blocks = read.contents.map((item) =>
    item.text !== undefined
      ? [`> ${item.uri}`, '>', ...item.text.split('\n').map((line) => `> ${line}`)].join('\n')
      : `[${item.uri}](${item.uri}) (${item.mimeType ?? 'binary'}, ${Math.floor(((item.blob ?? '').length * 3) / 4)} bytes)`,
  );
  if (read.truncated) blocks.push("(the resource was cut to BooCode's size cap)");
  prompt.value = [prompt.value.trimEnd(), ...blocks].filter(Boolean).join('\n\n');
  prompt.focus();
}

/** The Resources fold of a server: listed when first opened, each with Attach. */
function resourceRows(server: string): Node[] {
  const listed = state.resources.get(server);
  if (listed === undefined) return [el('div', { class: 'muted', text: 'loading…' })];
  if (typeof listed === 'string') return [el('div', { class: 'error', text: listed })];
  if (listed.length === 0) return [el('div', { class: 'muted', text: 'no resources' })];
  return listed.map((r) => {
    const attach = el('button', {
      type: 'button',
      class: 'secondary',
      text: 'Attach',
      'aria-label': `Attach ${r.name}`,
    });
    attach.onclick = () =>
      void attachResource(server, r.uri).catch((error) => {
        state.actionErrors.set(server, errorText(error));
        renderServers();
      });
    return el(
      'div',
      { class: 'resource', 'data-uri': r.uri },
      attach,
      el('span', { text: ` ${r.title ?? r.name}`, title: r.uri }),
    );
  });
}

async function loadResources(server: string): Promise<void> {
  if (state.resources.has(server)) return;
  try {
    const listing = await api<ResourceListing>('GET', `/api/mcp/${encodeURIComponent(server)}/resources`);
    state.resources.set(server, listing.resources);
  } catch (error) {
    state.resources.set(server, errorText(error));
  }
  renderServers();
}

/** Log in sends this window to the server's authorization page; BooCode's callback links back. */
function loginButton(server: string): HTMLButtonElement {
  const button = el('button', { type: 'button', text: 'Log in', 'data-action': 'login' });
  button.onclick = async () => {
    button.disabled = true;
    state.actionErrors.delete(server);
    try {
      const { authorizationUrl } = await api<{ authorizationUrl?: string }>(
        'POST',
        `/api/mcp/${encodeURIComponent(server)}/login`,
      );
      if (authorizationUrl) window.location.assign(authorizationUrl);
    } catch (error) {
      state.actionErrors.set(server, errorText(error));
      renderServers();
    }
  };
  return button;
}

/** A panel button that calls the API, showing `busy` meanwhile and any failure under the server. */
function serverAction(server: string, label: string, busy: string, action: string): HTMLButtonElement {
  const button = el('button', { type: 'button', class: 'secondary', text: label, 'data-action': action });
  button.onclick = async () => {
    button.textContent = busy;
    button.disabled = true;
    state.actionErrors.delete(server);
    try {
      await api('POST', `/api/mcp/${encodeURIComponent(server)}/${action}`);
    } catch (error) {
      // Kept in state: the next live update redraws the panel and must not drop it.
      state.actionErrors.set(server, errorText(error));
      renderServers();
    }
  };
  return button;
}

function renderServers(): void {
  const open = new Set(
    [...document.querySelectorAll<HTMLDetailsElement>('#mcp-servers details[open]')].map(
      (d) => d.dataset.key,
    ),
  );
  $('mcp-servers').replaceChildren(
    ...state.servers.map((s) => {
      const disabled = s.state === 'disabled';
      const details = (key: string, summary: string, ...rows: Node[]) => {
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
          el(
            'span',
            { class: 'server-actions' },
            s.state === 'needs-login' ? loginButton(s.name) : undefined,
            s.canLogin && s.state === 'connected'
              ? serverAction(s.name, 'Log out', 'Logging out…', 'logout')
              : undefined,
            disabled ? undefined : serverAction(s.name, 'Reconnect', 'Reconnecting…', 'reconnect'),
            disabled
              ? serverAction(s.name, 'Enable', 'Enabling…', 'enable')
              : serverAction(s.name, 'Disable', 'Disabling…', 'disable'),
          ),
        ),
        el('div', {
          class: 'muted',
          text: `${s.transport}${s.protocolVersion ? ` · ${s.protocolVersion}` : ''} · ${s.toolCount} tools`,
        }),
        s.error ? el('div', { class: 'error server-error', text: s.error }) : undefined,
        s.degraded ? el('div', { class: 'notice', text: s.degraded }) : undefined,
        el('div', { class: 'error action-error', role: 'alert', text: state.actionErrors.get(s.name) ?? '' }),
        s.state === 'connected' && s.features.resources ? resourcesFold(s.name, details) : undefined,
        s.rejected.length
          ? details(
              'rejected',
              `${s.rejected.length} rejected tool(s)`,
              ...s.rejected.map((r) => el('div', { class: 'rejected', text: `${r.name}: ${r.reason}` })),
            )
          : undefined,
        s.stderrTail.length
          ? details(
              'stderr',
              `stderr, last ${s.stderrTail.length === 1 ? 'line' : `${s.stderrTail.length} lines`}`,
              el('pre', { text: s.stderrTail.slice(-20).join('\n'), tabindex: '0' }),
            )
          : undefined,
      );
    }),
  );
}

function resourcesFold(
  server: string,
  details: (key: string, summary: string, ...rows: Node[]) => HTMLElement,
): HTMLElement {
  const fold = details('resources', 'Resources', ...resourceRows(server)) as HTMLDetailsElement;
  fold.addEventListener('toggle', () => {
    if (fold.open) void loadResources(server);
  });
  return fold;
}

// ---- tool console ----
async function refreshTools(): Promise<void> {
  const { tools } = await api<{ tools: ToolInfo[] }>('GET', '/api/tools');
  state.tools = tools;
  const select = $<HTMLSelectElement>('console-tool');
  const current = select.value;
  select.replaceChildren(
    ...tools.map((t) => el('option', { value: t.name, text: t.server ? `${t.name} (${t.server})` : t.name })),
  );
  if (tools.some((t) => t.name === current)) select.value = current;
  if (select.value !== current) showTool();
  showAgentTools();
}

/** The form of the tool chosen in the console; the JSON tab edits the same arguments. */
let form: SchemaForm | undefined;
let jsonTab = false;

function showTool(): void {
  const tool = state.tools.find((t) => t.name === $<HTMLSelectElement>('console-tool').value);
  $('console-schema').textContent = tool?.description.split('\n')[0] ?? '';
  form = tool ? schemaForm(tool.inputSchema, 'arg') : undefined;
  $('console-form').replaceChildren(...(form ? [form.element] : []));
  $<HTMLTextAreaElement>('console-args').value = '{}';
  $('console-error').hidden = true;
}

/** Switches between the form and the JSON box, carrying the arguments across. */
function showTab(json: boolean): void {
  if (json === jsonTab) return;
  const errorBox = $('console-error');
  errorBox.hidden = true;
  if (json) {
    const { args } = form?.read() ?? { args: {} };
    $<HTMLTextAreaElement>('console-args').value = JSON.stringify(args, null, 2);
  } else {
    const parsed = readJson();
    if (!parsed) return;
    const unknown = form?.write(parsed) ?? [];
    if (unknown.length) {
      errorBox.textContent = `the form has no field for ${unknown.join(', ')}; edit them in JSON`;
      errorBox.hidden = false;
      return;
    }
  }
  jsonTab = json;
  $('console-form').hidden = json;
  $('console-json').hidden = !json;
  $('tab-form').setAttribute('aria-selected', String(!json));
  $('tab-json').setAttribute('aria-selected', String(json));
}

/** The JSON tab's arguments, or undefined (with the reason shown) when they are not an object. */
function readJson(): Record<string, unknown> | undefined {
  const errorBox = $('console-error');
  try {
    const value = JSON.parse($<HTMLTextAreaElement>('console-args').value || '{}');
    if (value && typeof value === 'object' && !Array.isArray(value)) return value;
    errorBox.textContent = 'arguments must be a JSON object, e.g. {"path": "src"}';
  } catch (error) {
    errorBox.textContent = `arguments are not valid JSON: ${(error as Error).message}`;
  }
  errorBox.hidden = false;
  return undefined;
}

/** The arguments to send, checked against the tool's own schema; undefined when any field is wrong. */
function readArguments(schema: Record<string, unknown>): Record<string, unknown> | undefined {
  const errorBox = $('console-error');
  if (jsonTab) {
    const args = readJson();
    if (!args) return undefined;
    const errors = fieldErrors(schema, args);
    if (errors.size === 0) return args;
    errorBox.textContent = [...errors]
      .map(([field, message]) => (field ? `${field} ${message}` : message))
      .join('; ');
    errorBox.hidden = false;
    return undefined;
  }
  if (!form) return undefined;
  const { args, errors } = form.read();
  for (const [field, message] of fieldErrors(schema, args))
    if (!errors.has(field)) errors.set(field, message);
  form.showErrors(errors);
  return errors.size === 0 ? args : undefined;
}

/** The console's call in flight: its Cancel aborts it. */
let consoleCall: AbortController | undefined;

async function callTool(): Promise<void> {
  const name = $<HTMLSelectElement>('console-tool').value;
  const tool = state.tools.find((t) => t.name === name);
  const errorBox = $('console-error');
  const resultBox = $('console-result');
  errorBox.hidden = true;
  if (!tool) return;
  const args = readArguments(tool.inputSchema);
  if (!args) return;
  resultBox.hidden = true;
  const call = $<HTMLButtonElement>('console-call');
  const cancel = $('console-cancel');
  const elapsed = $('console-elapsed');
  const progress = $('console-progress');
  const controller = new AbortController();
  consoleCall = controller;
  const started = performance.now();
  const tick = () => {
    elapsed.textContent = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  };
  tick();
  const ticker = setInterval(tick, 100);
  call.disabled = true;
  cancel.hidden = false;
  progress.replaceChildren();
  try {
    const result = await callToolStreaming(
      name,
      args,
      (update) => progress.replaceChildren(progressBar(update)),
      controller.signal,
    );
    resultBox.replaceChildren(resultView(result));
    resultBox.hidden = false;
  } catch (error) {
    errorBox.textContent = controller.signal.aborted ? 'cancelled' : errorText(error);
    errorBox.hidden = false;
  } finally {
    clearInterval(ticker);
    consoleCall = undefined;
    call.disabled = false;
    cancel.hidden = true;
    progress.replaceChildren();
  }
}

// ---- drawers (narrow screens) ----
/** Below ~900 px the side panels slide over the chat; one open at a time, Escape or a tap outside closes. */
function toggleDrawer(id: 'sidebar' | 'side-panels', open?: boolean): void {
  const drawer = $(id);
  const show = open ?? !drawer.classList.contains('open');
  for (const other of ['sidebar', 'side-panels'] as const) {
    const on = other === id && show;
    $(other).classList.toggle('open', on);
    $(other === 'sidebar' ? 'open-sidebar' : 'open-panels').setAttribute('aria-expanded', String(on));
  }
  $('backdrop').hidden = !show;
  if (show) drawer.querySelector<HTMLElement>('button, select, input, textarea')?.focus();
}

/**
 * Enter sends and Shift+Enter breaks the line; nothing is sent while an input method is composing
 * (its Enter picks a candidate). Up in an empty box brings back the last message to edit.
 */
function onComposerKey(event: KeyboardEvent): void {
  const prompt = event.currentTarget as HTMLTextAreaElement;
  if (event.isComposing || event.keyCode === 229) return;
  if (slash?.onKey(event)) return;
  if (event.key === 'Enter' && !event.shiftKey) {
    void send(event);
    return;
  }
  if (event.key === 'ArrowUp' && prompt.value === '') {
    const last = [...state.messages].reverse().find((m) => m.role === 'user');
    const text = last?.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
    if (!text) return;
    event.preventDefault();
    prompt.value = text;
    prompt.setSelectionRange(text.length, text.length);
  }
}

// ---- start ----
async function start(): Promise<void> {
  $('composer').onsubmit = (e) => void send(e);
  $('prompt').onkeydown = onComposerKey;
  slash = slashPrompts(
    $<HTMLTextAreaElement>('prompt'),
    $('slash-menu'),
    $('prompt-args'),
    () => state.servers,
  );
  window.onpopstate = () => void followRoute();
  $('stop').onclick = () => state.sessionId && void api('POST', `/api/sessions/${state.sessionId}/cancel`);
  $('new-session-button').onclick = () => void newSession();
  $('agent-picker').onchange = showAgentTools;
  $('console-tool').onchange = showTool;
  $('tab-form').onclick = () => showTab(false);
  $('tab-json').onclick = () => showTab(true);
  $('console-call').onclick = () => void callTool();
  $('open-sidebar').onclick = () => toggleDrawer('sidebar');
  $('open-panels').onclick = () => toggleDrawer('side-panels');
  $('backdrop').onclick = () => toggleDrawer('sidebar', false);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !$('backdrop').hidden) toggleDrawer('sidebar', false);
  });
  $('console-cancel').onclick = () => consoleCall?.abort();
  const health = await api<{ model: string }>('GET', '/healthz');
  state.modelConfigured = health.model === 'configured';
  if (!state.modelConfigured) {
    const warning = $('model-warning');
    warning.hidden = false;
    warning.textContent =
      'No model configured: set LLM_BASE_URL (an OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1) and LLM_MODEL, then restart BooCode. The MCP panel and the tool console work without one.';
  }
  followMcp(onMcpEvent);
  await refreshTools();
  await loadAgents();
  await loadSessions();
  await followRoute();
  // Relative times ("3 minutes ago") move on, in place: a re-render would scroll the reader away.
  setInterval(() => {
    for (const time of document.querySelectorAll<HTMLTimeElement>('#messages time'))
      time.textContent = relativeTime(Date.parse(time.dateTime));
  }, 60_000);
}

void start();
