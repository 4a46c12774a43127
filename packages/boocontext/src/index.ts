export { ChildServerManager, childCommands, defaultChildren } from './children/manager.js';
export { Envelope, ToolFailure, Verdict } from './envelope.js';
export { renderMap } from './map/render.js';
export { AllowedRoots } from './roots.js';
export { blastRadius, Scanner, type ScanResult } from './scanner/scan.js';
export { buildServer } from './server.js';
