import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';

describe('loadConfig', () => {
  it('starts on defaults with no model configured', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      dataDir: '/srv/app/data',
      workspaceDir: '/srv/app',
      mcpConfigPath: '/srv/app/data/mcp.json',
    });
    expect(config.model).toBeUndefined();
    expect(config.token).toBeUndefined();
  });

  it('configures the model only when both base URL and model are set', () => {
    expect(loadConfig({ LLM_BASE_URL: 'http://x/v1' }).model).toBeUndefined();
    const config = loadConfig({
      LLM_BASE_URL: 'http://x/v1/',
      LLM_MODEL: 'm',
      LLM_API_KEY: 'k',
      LLM_CONTEXT_WINDOW: '8000',
    });
    expect(config.model).toMatchObject({
      baseUrl: 'http://x/v1',
      model: 'm',
      apiKey: 'k',
      contextWindow: 8000,
    });
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', LLM_BASE_URL: 'ftp://x', LLM_MAX_STEPS: '-1' })).toThrow(
      /PORT: must be a port number.*LLM_BASE_URL: must be an http\(s\) URL.*LLM_MAX_STEPS: must be a positive integer/,
    );
  });

  it('resolves MCP_CONFIG_PATH and WORKSPACE_DIR against the working directory', () => {
    const config = loadConfig(
      { MCP_CONFIG_PATH: 'conf/mcp.json', WORKSPACE_DIR: '../ws', DATA_DIR: '/d' },
      '/srv/app',
    );
    expect(config.mcpConfigPath).toBe(path.resolve('/srv/app/conf/mcp.json'));
    expect(config.workspaceDir).toBe('/srv/ws');
    expect(config.dataDir).toBe('/d');
  });
});
