export { type BooCode, createBooCode } from './app.js';
export { type AppConfig, loadConfig } from './config/env.js';
