import path from 'node:path';
import { emptyFacts, type FileFacts, ROUTES_FILE_OWNER } from './types.js';

/** Play's route files: `conf/routes` and the files it includes (`conf/api.routes`). */
export const PLAY_ROUTES = /(^|\/)conf\/(?:[\w.-]+\.)?routes$/;

/** `GET  /clients/:id  controllers.Clients.show(id: Long)`, `->  /api  api.Routes`. */
const LINE = /^\s*(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|->)\s+(\S+)\s+([\w.$]+)/;

/**
 * A Play route file: each line a route (its path's `$id<[0-9]+>` the parameter `:id`), its action
 * `Controller.method`; an include (`-> /api api.Routes`) mounts the file the router is generated
 * from (`conf/api.routes`) under its path. A file's routes are where its includer puts them.
 */
export function playRoutesFacts(rel: string, text: string): FileFacts {
  const facts = emptyFacts('play');
  const dir = path.posix.dirname(rel);
  text.split('\n').forEach((raw, index) => {
    const m = LINE.exec(raw.replace(/#.*$/, ''));
    if (!m) return;
    const [, verb = '', written = '', action = ''] = m;
    const routePath = written.replace(/\$(\w+)<[^>]*>/g, ':$1');
    if (verb === '->') {
      const file = action.replace(/\.?Routes$/, '');
      facts.mounts.push({
        owner: ROUTES_FILE_OWNER,
        prefix: routePath,
        target: `file:${path.posix.join(dir, file ? `${file}.routes` : 'routes')}`,
        line: index + 1,
      });
      return;
    }
    facts.routes.push({
      method: verb,
      path: routePath,
      line: index + 1,
      framework: 'play',
      owner: ROUTES_FILE_OWNER,
      handler: action.split('.').slice(-2).join('.'),
    });
  });
  if (facts.routes.length) facts.frameworks = ['play'];
  return facts;
}
