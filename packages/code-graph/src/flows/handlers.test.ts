import { describe, expect, it } from 'vitest';
import { isDetailPath, methodNamesFor, parseHandler } from './handlers.js';

describe('parseHandler', () => {
  it('splits each framework’s way of naming a handler', () => {
    expect(parseHandler('articles#index')).toMatchObject({ owner: 'ArticlesController', member: 'index' });
    expect(parseHandler('favorite#create')).toMatchObject({
      owner: 'FavoriteController',
      altOwner: 'FavoritesController',
      member: 'create',
    });
    // The namespace's last folder is a hint to the file (`Admin\ArticleController` beside another).
    expect(parseHandler('App\\Http\\Controllers\\ArticleController@show')).toEqual({
      owner: 'ArticleController',
      member: 'show',
      pathHint: 'Controllers/ArticleController',
    });
    expect(parseHandler('ArticleController@show')).toEqual({ owner: 'ArticleController', member: 'show' });
    expect(parseHandler('crate::features::article::controllers::index')).toEqual({
      member: 'index',
      pathHint: 'article/controllers',
    });
    expect(parseHandler('ArticlesController.Get')).toEqual({ owner: 'ArticlesController', member: 'Get' });
    expect(parseHandler('h.Articles')).toEqual({ member: 'Articles', pathHint: 'h' });
    // Phoenix's controller under the modules its scopes alias.
    expect(parseHandler('ShopWeb.Admin.OrderController.index')).toEqual({
      owner: 'OrderController',
      member: 'index',
      qualified: 'ShopWeb.Admin.OrderController',
    });
    expect(parseHandler('ArticleViewSet')).toEqual({ member: 'ArticleViewSet' });
    expect(parseHandler('() => x')).toBeUndefined();
  });

  it('finds the function a handler wrapped in middleware calls runs: the last one passed, in nested and curried calls', () => {
    // The outer function is kept: a factory of the project (named alone) or a package's function,
    // for when what it is handed is no function (`getQueue(api.ds)`, `rest.GetAll(constructor)`).
    const wrapped: [string, string, string | undefined, Record<string, string>][] = [
      ['pm(a.GetBounces, "bounces:get")', 'GetBounces', 'a', { factory: 'pm' }],
      ['noIndex(a.hasUUID(a.hasSub(a.OptinPage), "subUUID"))', 'OptinPage', 'a', { factory: 'noIndex' }],
      ['pm(gzip.New(gzip.Config{Level: 9})(hasID(a.Export)), "a, b")', 'Export', 'a', { factory: 'pm' }],
      ['chain(auth, handlers.Upload)', 'Upload', 'handlers', { factory: 'chain' }],
      ['rest.GetAll(constructor)', 'constructor', undefined, { wrapper: 'rest.GetAll' }],
    ];
    for (const [text, member, pathHint, outer] of wrapped)
      expect(parseHandler(text), text).toEqual({ member, ...(pathHint ? { pathHint } : {}), ...outer });
    // Handed nothing: a factory, whose body builds the handler (`oidc.LoginHandler()` returns a gin.HandlerFunc).
    expect(parseHandler('oidcHandler.LoginHandler()')).toEqual({
      member: 'LoginHandler',
      pathHint: 'oidcHandler',
    });
    // Values only: the framework serves it (Rails' `redirect`).
    expect(parseHandler('redirect("/inbox/all", status: 301)')).toBeUndefined();
    expect(parseHandler('wrap(a.X) + 1')).toBeUndefined();
  });
});

describe('methodNamesFor', () => {
  it('names a class handler’s method for the verb, list or detail', () => {
    expect(methodNamesFor('GET', false)[0]).toBe('list');
    expect(methodNamesFor('GET', true)[0]).toBe('retrieve');
    expect(methodNamesFor('PATCH', true)[0]).toBe('partial_update');
    expect(isDetailPath('/api/posts/<pk>')).toBe(true);
    expect(isDetailPath('/api/posts/{id}/')).toBe(true);
    expect(isDetailPath('/api/posts')).toBe(false);
  });
});
