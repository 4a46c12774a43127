import { CONFIG_OWNER, ROUTE_CONFIG } from '../react-router.js';
import type { JsDetector } from './context.js';
import { readRouteConfig } from './react-router-config.js';

/** React Router's `app/routes.ts`: its routes as pages of the route modules they name. */
export const routeConfig: JsDetector = {
  on: {},
  finish(root, ctx) {
    if (!ROUTE_CONFIG.test(ctx.rel)) return;
    const config = readRouteConfig(root);
    ctx.facts.routeConfig = { flat: config.flat };
    for (const route of config.routes)
      ctx.facts.routes.push({
        method: 'PAGE',
        path: route.path,
        line: route.line,
        framework: 'react-router',
        owner: CONFIG_OWNER,
        handler: route.module,
      });
    ctx.frameworks.add('react-router');
  },
};
