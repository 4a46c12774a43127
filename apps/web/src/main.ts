// The page: each feature owns its part of the DOM and its state (see docs/ARCHITECTURE.md, apps/web);
// this module only creates them, wires what one tells another, and starts them.
import { AgentPicker } from './agents/agent-picker.js';
import { Chat } from './chat/chat.js';
import { Composer } from './composer/composer.js';
import { api, followMcp, type McpEvent, onTokenNeeded } from './core/api.js';
import { $ } from './core/dom.js';
import { setUpDrawers } from './layout/drawers.js';
import { ServersPanel } from './mcp-panel/servers-panel.js';
import { RequestCards } from './requests/request-cards.js';
import { Sessions } from './sessions/sessions.js';
import { ToolConsole } from './tool-console/tool-console.js';

const NO_MODEL =
  'No model configured: set LLM_BASE_URL (an OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1) and LLM_MODEL, then restart BooCode. The MCP panel and the tool console work without one.';

// With BOOCODE_TOKEN set, the first call that is refused asks for the token once.
onTokenNeeded(
  () =>
    new Promise((resolve) => {
      const input = $<HTMLInputElement>('token-input');
      $('token-form').onsubmit = () => resolve(input.value.trim());
      $<HTMLDialogElement>('token-dialog').showModal();
    }),
);

async function start(): Promise<void> {
  // Sessions is made after Chat, which tells it when a turn ends (the list shows the new title).
  let sessions: Sessions | undefined;
  const chat = new Chat(() => void sessions?.loadList());
  sessions = new Sessions(chat);
  const composer = new Composer(chat, sessions);
  const agents = new AgentPicker();
  const toolConsole = new ToolConsole();
  const panel = new ServersPanel((blocks) => composer.append(blocks));
  // A server's form or sampling request appears as a card above the chat until it is settled.
  const requests = new RequestCards($('mcp-requests'), async (request, answer) => {
    await api('POST', `/api/mcp/input/${encodeURIComponent(request.id)}`, answer);
  });
  setUpDrawers();

  const onMcpEvent = (event: McpEvent): void => {
    switch (event.type) {
      case 'tools':
        void toolConsole.refresh();
        return;
      case 'input-requested':
        requests.add(event.request);
        return;
      case 'input-settled':
        requests.settle(event.id);
        return;
      case 'resource-updated':
        return;
      case 'list-changed':
        if (event.list === 'prompts') composer.slash.forget(event.server);
        else panel.resources.forget(event.server);
        panel.render();
        return;
      default:
        panel.update(event);
    }
  };

  const health = await api<{ model: string }>('GET', '/healthz');
  if (health.model !== 'configured') {
    const warning = $('model-warning');
    warning.hidden = false;
    warning.textContent = NO_MODEL;
  }
  followMcp(onMcpEvent);
  await toolConsole.refresh();
  await agents.load();
  await sessions.loadList();
  await sessions.followRoute();
}

void start();
