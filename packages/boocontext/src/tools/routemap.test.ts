import { describe, expect, it } from 'vitest';
import type { Route } from '../scanner/types.js';
import { linkableRoutes } from './routemap.js';

const route = (method: string, path: string, file: string, extra: Partial<Route> = {}): Route => ({
  method,
  path,
  file,
  line: 1,
  framework: 'sveltekit',
  ...extra,
});

describe('linkableRoutes', () => {
  it("keeps the routes an API client calls, not a page's nor the form actions its own forms post", () => {
    const routes = [
      route('GET', '/api/orders', 'src/routes/api/orders/+server.ts'),
      route('PAGE', '/orders/[id]', 'src/routes/orders/[id]/+page.svelte', { wholeFile: true }),
      route('POST', '/orders/[id]', 'src/routes/orders/[id]/+page.server.ts', { line: 6, endLine: 8 }),
      // Under an API path, a page's is an API's all the same.
      route('POST', '/api/upload', 'src/routes/api/upload/+page.server.ts', { line: 3, endLine: 9 }),
    ];
    expect(linkableRoutes(routes).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/orders',
      'POST /api/upload',
    ]);
  });
});
