import { Validator } from '@cfworker/json-schema';
import {
  ApiError,
  api,
  callToolStreaming,
  followEvents,
  type Message,
  onTokenNeeded,
  type Part,
  type SessionDetail,
  type ToolProgress,
  type TurnEvent,
} from './api.js';
import { el, markdown, progressBar, toolCard } from './render.js';

interface Agent {
  name: string;
  description: string;
  tools: string[] | null;
  toolNames: string[];
}
interface Tool {
  name: string;
  description: string;
  source: string;
  server: string | null;
  inputSchema: Record<string, unknown>;
}
interface ServerStatus {
  name: string;
  state: string;
  transport: string;
  error?: string;
  protocolVersion?: string;
  toolCount: number;
  rejected: { name: string; reason: string }[];
  stderrTail: string[];
}

const PENDING = 'pending-user-message';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const state = {
  sessionId: undefined as string | undefined,
  messages: [] as Message[],
  /** Turns already complete when the session was loaded: their replayed events are ignored. */
  settledTurns: new Set<string>(),
  runningTurn: undefined as string | undefined,
  stopFollowing: undefined as (() => void) | undefined,
  tools: [] as Tool[],
  agents: [] as Agent[],
  modelConfigured: true,
  /** Progress of calls still running, by call id: shown on their cards, never stored. */
  progress: new Map<string, ToolProgress>(),
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
        el('span', { text: s.agent ? `${s.title} · ${s.agent}` : s.title }),
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
  showRoute(id);
  state.runningTurn = detail.runningTurnId ?? undefined;
  // A running turn is rebuilt from its replayed events (they start at turn-start), so its stored
  // partial answer is dropped here rather than shown twice.
  state.messages = detail.messages.filter(
    (m) => !(m.role === 'assistant' && m.turnId && m.turnId === detail.runningTurnId),
  );
  state.settledTurns = new Set(detail.turns.filter((t) => t.id !== detail.runningTurnId).map((t) => t.id));
  renderMessages();
  setRunning(state.runningTurn !== undefined);
  state.stopFollowing = followEvents(id, onEvent);
  await loadSessions();
}

// ---- chat ----
function assistantFor(turnId: string, messageId: string): Message {
  let message = state.messages.find((m) => m.id === messageId);
  if (!message) {
    message = { id: messageId, role: 'assistant', turnId, status: 'streaming', parts: [] };
    state.messages.push(message);
  }
  return message;
}

function onEvent(event: TurnEvent): void {
  if (state.settledTurns.has(event.turnId)) return;
  switch (event.type) {
    case 'turn-start': {
      state.runningTurn = event.turnId;
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
        return el('div', {
          class: 'message user',
          text: message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n'),
        });
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
      return node;
    }),
  );
  box.scrollTop = box.scrollHeight;
}

function renderPart(
  part: Part,
  results: Map<string, Extract<Part, { type: 'tool_result' }>>,
  serverOf: Map<string, string | undefined>,
  open: Set<string | undefined>,
): Node[] {
  switch (part.type) {
    case 'text': {
      const div = el('div', { class: 'markdown' });
      div.innerHTML = markdown(part.text);
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
  const message = error instanceof ApiError ? error.message : String(error);
  $('messages').append(el('div', { class: 'message assistant error', text: message }));
}

async function newSession(): Promise<void> {
  const agent = $<HTMLSelectElement>('agent-picker').value || undefined;
  const session = await api<{ id: string }>('POST', '/api/sessions', agent ? { agent } : {});
  await openSession(session.id);
}

// ---- agents ----
async function loadAgents(): Promise<void> {
  const { agents } = await api<{ agents: Agent[] }>('GET', '/api/agents');
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
let lastStates = '';

async function loadMcp(): Promise<void> {
  const { servers } = await api<{ servers: ServerStatus[] }>('GET', '/api/mcp');
  // A server that came or went changes the tools everyone sees: refresh them too.
  const states = servers.map((s) => `${s.name}:${s.state}:${s.toolCount}`).join(',');
  const changed = lastStates !== '' && states !== lastStates;
  lastStates = states;
  if (changed) void refreshTools();
  $('mcp-servers').replaceChildren(
    ...servers.map((s) => {
      const reconnect = el('button', { type: 'button', class: 'secondary', text: 'Reconnect' });
      reconnect.onclick = async () => {
        reconnect.textContent = 'Reconnecting…';
        try {
          await api('POST', `/api/mcp/${encodeURIComponent(s.name)}/reconnect`);
        } finally {
          await refreshTools();
        }
      };
      return el(
        'div',
        { class: 'server', 'data-server': s.name },
        el(
          'header',
          {},
          el('strong', { text: s.name }),
          el('span', { class: `state ${s.state}`, text: s.state }),
          s.state === 'disabled' ? undefined : reconnect,
        ),
        el('div', {
          class: 'muted',
          text: `${s.transport}${s.protocolVersion ? ` · ${s.protocolVersion}` : ''} · ${s.toolCount} tools`,
        }),
        s.error ? el('div', { class: 'error', text: s.error }) : undefined,
        s.rejected.length
          ? el(
              'details',
              { class: 'muted' },
              el('summary', { text: `${s.rejected.length} rejected tool(s)` }),
              ...s.rejected.map((r) => el('div', { text: `${r.name}: ${r.reason}` })),
            )
          : undefined,
        s.stderrTail.length && s.state !== 'connected'
          ? el('pre', { text: s.stderrTail.slice(-8).join('\n') })
          : undefined,
      );
    }),
  );
}

// ---- tool console ----
async function refreshTools(): Promise<void> {
  const { tools } = await api<{ tools: Tool[] }>('GET', '/api/tools');
  state.tools = tools;
  const select = $<HTMLSelectElement>('console-tool');
  const current = select.value;
  select.replaceChildren(
    ...tools.map((t) => el('option', { value: t.name, text: t.server ? `${t.name} (${t.server})` : t.name })),
  );
  if (tools.some((t) => t.name === current)) select.value = current;
  showSchema();
  showAgentTools();
  await loadMcp();
}

function showSchema(): void {
  const tool = state.tools.find((t) => t.name === $<HTMLSelectElement>('console-tool').value);
  const properties = Object.keys((tool?.inputSchema.properties as Record<string, unknown>) ?? {});
  $('console-schema').textContent = tool
    ? `${tool.description.split('\n')[0] ?? ''} — arguments: ${properties.join(', ') || 'none'}`
    : '';
}

/** The console's call in flight: its Cancel aborts it. */
let consoleCall: AbortController | undefined;

async function callTool(): Promise<void> {
  const name = $<HTMLSelectElement>('console-tool').value;
  const tool = state.tools.find((t) => t.name === name);
  const errorBox = $('console-error');
  const resultBox = $('console-result');
  errorBox.hidden = true;
  resultBox.hidden = true;
  let args: unknown;
  try {
    args = JSON.parse($<HTMLTextAreaElement>('console-args').value || '{}');
  } catch (error) {
    errorBox.textContent = `arguments are not valid JSON: ${(error as Error).message}`;
    errorBox.hidden = false;
    return;
  }
  // Checked against the tool's own schema before anything is sent.
  const verdict = new Validator(tool?.inputSchema ?? {}, '2020-12', false).validate(args);
  if (!verdict.valid) {
    errorBox.textContent = `arguments do not match the schema: ${verdict.errors.map((e) => `${e.instanceLocation} ${e.error}`).join('; ')}`;
    errorBox.hidden = false;
    return;
  }
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
    resultBox.textContent = `${result.error ? 'ERROR ' : ''}(${result.durationMs} ms)\n${result.output}`;
    resultBox.classList.toggle('error', result.error);
    resultBox.hidden = false;
  } catch (error) {
    errorBox.textContent = controller.signal.aborted
      ? 'cancelled'
      : error instanceof ApiError
        ? error.message
        : String(error);
    errorBox.hidden = false;
  } finally {
    clearInterval(ticker);
    consoleCall = undefined;
    call.disabled = false;
    cancel.hidden = true;
    progress.replaceChildren();
  }
}

/**
 * Enter sends and Shift+Enter breaks the line; nothing is sent while an input method is composing
 * (its Enter picks a candidate). Up in an empty box brings back the last message to edit.
 */
function onComposerKey(event: KeyboardEvent): void {
  const prompt = event.currentTarget as HTMLTextAreaElement;
  if (event.isComposing || event.keyCode === 229) return;
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
  window.onpopstate = () => void followRoute();
  $('stop').onclick = () => state.sessionId && void api('POST', `/api/sessions/${state.sessionId}/cancel`);
  $('new-session-button').onclick = () => void newSession();
  $('agent-picker').onchange = showAgentTools;
  $('console-tool').onchange = showSchema;
  $('console-call').onclick = () => void callTool();
  $('console-cancel').onclick = () => consoleCall?.abort();
  const health = await api<{ model: string }>('GET', '/healthz');
  state.modelConfigured = health.model === 'configured';
  if (!state.modelConfigured) {
    const warning = $('model-warning');
    warning.hidden = false;
    warning.textContent =
      'No model configured: set LLM_BASE_URL (an OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1) and LLM_MODEL, then restart BooCode. The MCP panel and the tool console work without one.';
  }
  await refreshTools();
  await loadAgents();
  await loadSessions();
  await followRoute();
  setInterval(() => void loadMcp().catch(() => {}), 3000);
}

void start();
