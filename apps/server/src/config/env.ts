import path from 'node:path';
import { z } from 'zod';
import { AppError } from '../errors.js';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const positiveInt = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n <= 0) {
        ctx.addIssue({ code: 'custom', message: `must be a positive integer, got "${v}"` });
        return z.NEVER;
      }
      return n;
    });

const Env = z.object({
  HOST: optionalString.transform((v) => v ?? '127.0.0.1'),
  PORT: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return 3000;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 65535) {
        ctx.addIssue({ code: 'custom', message: `must be a port number 0-65535, got "${v}"` });
        return z.NEVER;
      }
      return n;
    }),
  DATA_DIR: optionalString,
  BOOCODE_DATA_DEFAULTS: optionalString,
  WORKSPACE_DIR: optionalString,
  LLM_BASE_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\//.test(v),
    'must be an http(s) URL',
  ),
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  BOOCODE_TOKEN: optionalString,
  LLM_CONTEXT_WINDOW: positiveInt(32_000),
  LLM_MAX_STEPS: positiveInt(25),
  LLM_TIMEOUT_MS: positiveInt(120_000),
  TOOL_RESULT_BUDGET: positiveInt(16_000),
  TOOL_TIME_LIMIT_MS: positiveInt(30_000),
  MCP_CONFIG_PATH: optionalString,
  MCP_SAMPLING_PER_MINUTE: positiveInt(30),
  MCP_SAMPLING_MAX_TOKENS: positiveInt(4096),
  TOOL_SEARCH_MAX_TOOLS: positiveInt(40),
  TOOL_SEARCH_MAX_TOKENS: positiveInt(15_000),
  ALLOWED_HOSTS: optionalString,
  BOOCODE_PUBLIC_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^/]+\/?$/.test(v),
    'must be an origin such as https://boocode.example.com',
  ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .optional()
    .default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).optional().default('auto'),
});

/** Past either limit, the model gets the native tools, `tool_search` and what it has found. */
export interface ToolSearchLimits {
  maxTools: number;
  maxTokens: number;
}

export interface ModelConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  contextWindow: number;
  maxSteps: number;
  timeoutMs: number;
}

export interface AppConfig {
  host: string;
  port: number;
  dataDir: string;
  /** Where the shipped mcp.json and AGENTS.md are copied from into a data folder that lacks them. */
  dataDefaultsDir?: string;
  workspaceDir: string;
  /** Undefined until LLM_BASE_URL and LLM_MODEL are set: chat then answers NO_MODEL, the rest works. */
  model?: ModelConfig;
  token?: string;
  /** Extra Host names the server answers to (besides loopback and its listen address). */
  allowedHosts: string[];
  toolResultBudget: number;
  /** Past these, the model finds MCP tools with tool_search instead of receiving every schema. */
  toolSearch: ToolSearchLimits;
  /** A native tool call still running after this long is stopped. */
  toolTimeLimitMs: number;
  mcpConfigPath: string;
  /** What one MCP server may spend of the model: admitted sampling requests a minute, tokens each. */
  sampling: { perMinute: number; maxTokens: number };
  /** Where browsers reach BooCode (the OAuth callback is built on it); default: the listen address. */
  publicUrl?: string;
  logLevel: string;
  /** `auto`: readable lines on a terminal, JSON when piped. */
  logFormat: 'auto' | 'pretty' | 'json';
}

/** Reads the environment once at start; every problem is listed with its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new AppError('CONFIG_INVALID', `invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR ?? 'data');
  const model =
    e.LLM_BASE_URL && e.LLM_MODEL
      ? {
          baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''),
          model: e.LLM_MODEL,
          contextWindow: e.LLM_CONTEXT_WINDOW,
          maxSteps: e.LLM_MAX_STEPS,
          timeoutMs: e.LLM_TIMEOUT_MS,
          ...(e.LLM_API_KEY ? { apiKey: e.LLM_API_KEY } : {}),
        }
      : undefined;
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir,
    ...(e.BOOCODE_DATA_DEFAULTS ? { dataDefaultsDir: path.resolve(cwd, e.BOOCODE_DATA_DEFAULTS) } : {}),
    workspaceDir: path.resolve(cwd, e.WORKSPACE_DIR ?? '.'),
    ...(model ? { model } : {}),
    ...(e.BOOCODE_TOKEN ? { token: e.BOOCODE_TOKEN } : {}),
    allowedHosts: (e.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    toolResultBudget: e.TOOL_RESULT_BUDGET,
    toolSearch: { maxTools: e.TOOL_SEARCH_MAX_TOOLS, maxTokens: e.TOOL_SEARCH_MAX_TOKENS },
    toolTimeLimitMs: e.TOOL_TIME_LIMIT_MS,
    mcpConfigPath: e.MCP_CONFIG_PATH ? path.resolve(cwd, e.MCP_CONFIG_PATH) : path.join(dataDir, 'mcp.json'),
    // A server's request never asks for more than the model's whole context.
    sampling: {
      perMinute: e.MCP_SAMPLING_PER_MINUTE,
      maxTokens: Math.min(e.MCP_SAMPLING_MAX_TOKENS, e.LLM_CONTEXT_WINDOW),
    },
    ...(e.BOOCODE_PUBLIC_URL ? { publicUrl: e.BOOCODE_PUBLIC_URL.replace(/\/$/, '') } : {}),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
  };
}
