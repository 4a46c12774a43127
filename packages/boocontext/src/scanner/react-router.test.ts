import { describe, expect, it } from 'vitest';
import { pathOfRouteId, routeIdOf } from './react-router.js';

describe('React Router file routes', () => {
  it.each([
    ['_index', '/'],
    ['about', '/about'],
    ['concerts.$city', '/concerts/:city'],
    ['concerts._index', '/concerts'],
    ['concerts_.mine', '/concerts/mine'],
    ['_auth.login', '/login'],
    ['($lang).about', '/:lang?/about'],
    ['files.$', '/files/*'],
    ['[sitemap.xml]', '/sitemap.xml'],
    ['docs.[v1.2].intro', '/docs/v1.2/intro'],
  ])('%s → %s', (id, expected) => {
    expect(pathOfRouteId(id)).toBe(expected);
  });

  it('names modules by file, by folder route module and by + folders; colocated files are no routes', () => {
    expect(routeIdOf('concerts.$city')).toBe('concerts.$city');
    expect(routeIdOf('concerts.$city/route')).toBe('concerts.$city');
    expect(routeIdOf('_auth+/login')).toBe('_auth.login');
    expect(routeIdOf('users+/$id+/edit')).toBe('users.$id.edit');
    expect(routeIdOf('users+/_layout')).toBe('users');
    expect(routeIdOf('concerts.$city/components/Card')).toBeUndefined();
    expect(routeIdOf('concerts.$city/Card')).toBeUndefined();
  });
});
