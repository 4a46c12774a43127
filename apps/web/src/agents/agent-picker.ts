import { type AgentInfo, api } from '../core/api.js';
import { $ } from '../core/dom.js';
import { tools } from '../core/shared.js';
import { el } from '../ui/render.js';

/** The sidebar's agent picker, and the tools the chosen agent (or none: every tool) may call. */
export class AgentPicker {
  private agents: AgentInfo[] = [];
  private readonly picker = $<HTMLSelectElement>('agent-picker');

  constructor() {
    this.picker.onchange = () => this.showTools();
    tools.subscribe(() => this.showTools());
  }

  async load(): Promise<void> {
    const { agents } = await api<{ agents: AgentInfo[] }>('GET', '/api/agents');
    this.agents = agents;
    this.picker.replaceChildren(
      el('option', { value: '', text: '(no agent: every tool)' }),
      ...agents.map((a) => el('option', { value: a.name, text: `${a.name} — ${a.description}` })),
    );
    this.showTools();
  }

  private showTools(): void {
    const agent = this.agents.find((a) => a.name === this.picker.value);
    const names = agent ? agent.toolNames : tools.get().map((t) => t.name);
    $('agent-tools').textContent =
      `${agent?.tools ? `tools: [${agent.tools.join(', ')}] → ` : 'tools: '}${names.join(', ') || '(none)'}`;
  }
}
