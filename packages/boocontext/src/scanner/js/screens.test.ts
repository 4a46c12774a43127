import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkableRoutes } from '../../tools/routemap.js';
import { Scanner } from '../scan.js';

/** The screens a tree of `files` declares: `path file[:line handler] (declared where)`. */
async function screensOf(files: Record<string, string>): Promise<string[]> {
  const repo = mkdtempSync(path.join(tmpdir(), 'boocontext-screens-'));
  try {
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
      writeFileSync(path.join(repo, rel), text);
    }
    const scan = await new Scanner().scan(repo);
    expect(linkableRoutes(scan.routes).filter((r) => r.method === 'SCREEN')).toEqual([]);
    return scan.routes
      .filter((r) => r.method === 'SCREEN')
      .map(
        (r) =>
          `${r.path} ${r.file}${r.wholeFile ? '' : `:${r.line} ${r.handler}`} [${r.framework}]${r.declaredIn ? ` (${r.declaredIn})` : ''}`,
      )
      .sort();
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}

describe("a single-page app's screens", () => {
  it("reads React Router's <Route>s, nested (under layout routes too), through guards and lazy loaders (`lazy()` constants too), to the module each shows", async () => {
    const screens = await screensOf({
      'package.json': '{ "dependencies": { "react-router-dom": "6.0.0" } }',
      'src/App.jsx': `import { Navigate, Routes, Route } from 'react-router-dom';
import OrderPage from './pages/OrderPage';
import { Settings } from './pages';
import Lazy from './Lazy';
import Layout from './Layout';

const Reports = lazy(() => import('./pages/Reports'));

function Users() {
  return <p>users</p>;
}

export default function App() {
  return (
    <Routes>
      <Route path="/orders" element={<Layout />}>
        <Route path=":id" element={<RequireAuth><OrderPage /></RequireAuth>} />
      </Route>
      <Route path="/settings" element={authed(elevated(<Settings />))} />
      <Route element={<Layout />}>
        <Route path="/users" element={<Users />} />
        <Route path="/reports" element={<Reports />} />
        <Route path="/audit" Component={lazy(() => import('./pages/Audit'))} />
      </Route>
      <Route path="*" element={<Navigate to="/orders" />} />
      <Route path="/plugins/:id" element={<Lazy component={() => import('./pages/PluginView')} />} />
    </Routes>
  );
}`,
      'src/pages/OrderPage.jsx': 'export default function OrderPage() {\n  return <p>order</p>;\n}\n',
      'src/pages/index.js': "export { Settings } from './Settings';\n",
      'src/pages/Settings.jsx': 'export function Settings() {\n  return <p>settings</p>;\n}\n',
      'src/pages/PluginView.tsx': 'export default function PluginView() {\n  return <p>plugin</p>;\n}\n',
      'src/pages/Reports.jsx': 'export default function Reports() {\n  return <p>reports</p>;\n}\n',
      'src/pages/Audit.jsx': 'export default function Audit() {\n  return <p>audit</p>;\n}\n',
      'src/Lazy.jsx': 'export default function Lazy() {\n  return null;\n}\n',
      'src/Layout.jsx': 'export default function Layout() {\n  return <main />;\n}\n',
    });
    expect(screens).toEqual([
      '/audit src/pages/Audit.jsx [react-router] (src/App.jsx:23)',
      '/orders src/Layout.jsx [react-router] (src/App.jsx:16)',
      '/orders/:id src/pages/OrderPage.jsx [react-router] (src/App.jsx:17)',
      '/plugins/:id src/pages/PluginView.tsx [react-router] (src/App.jsx:26)',
      '/reports src/pages/Reports.jsx [react-router] (src/App.jsx:22)',
      '/settings src/pages/Settings.jsx:1 Settings [react-router] (src/App.jsx:19)',
      '/users src/App.jsx:21 Users [react-router]',
    ]);
  });

  it("reads a data router's table a function returns: layout routes without a path, `lazy` modules' Component through a barrel", async () => {
    const screens = await screensOf({
      'package.json': '{ "dependencies": { "react-router-dom": "6.28.0" } }',
      'src/route-map.tsx': `import { RouteObject } from 'react-router-dom';
import { MainLayout } from './layout';

export function getRouteMap(): RouteObject[] {
  return [
    {
      element: <MainLayout />,
      children: [
        { path: '/', lazy: () => import('./routes/home') },
        { path: '/products', children: [{ path: ':id', lazy: () => import('./routes/product') }] },
      ],
    },
  ];
}`,
      'src/layout.tsx': 'export const MainLayout = () => <main />;\n',
      'src/routes/home/index.ts': "export { Home as Component } from './home';\n",
      'src/routes/home/home.tsx': 'export const Home = () => <p>home</p>;\n',
      'src/routes/product.tsx': 'export function Component() {\n  return <p>product</p>;\n}\n',
    });
    expect(screens).toEqual([
      '/ src/routes/home/home.tsx:1 Home [react-router] (src/route-map.tsx:9)',
      '/products/:id src/routes/product.tsx:1 Component [react-router] (src/route-map.tsx:10)',
    ]);
  });

  it("reads TanStack Router's file routes (pathless layouts left out of paths and screens) and a <Route render>", async () => {
    const screens = await screensOf({
      'package.json':
        '{ "dependencies": { "@tanstack/react-router": "1.0.0", "react-router-dom": "5.0.0" } }',
      'src/routes/_layout.tsx':
        "import { createFileRoute } from '@tanstack/react-router';\nexport const Route = createFileRoute('/_layout')({ component: Layout });\nfunction Layout() {\n  return <main />;\n}\n",
      'src/routes/_layout/index.tsx':
        "import { createFileRoute } from '@tanstack/react-router';\nexport const Route = createFileRoute('/_layout/')({ component: Dashboard });\nfunction Dashboard() {\n  return <p />;\n}\n",
      'src/routes/_layout/posts.$postId.tsx':
        "import { createFileRoute } from '@tanstack/react-router';\nimport { Post } from '../../Post';\nexport const Route = createFileRoute('/_layout/posts/$postId')({ component: Post });\n",
      'src/Post.tsx': 'export function Post() {\n  return <article />;\n}\n',
      'src/legacy.jsx':
        'import { Route } from \'react-router-dom\';\nimport Personal from \'./Personal\';\nexport const routes = [<Route exact path="/personal" render={() => <Personal />} key="p" />];\n',
      'src/Personal.jsx': 'export default function Personal() {\n  return <p />;\n}\n',
    });
    expect(screens).toEqual([
      '/ src/routes/_layout/index.tsx:2 Dashboard [tanstack-router]',
      '/personal src/Personal.jsx [react-router] (src/legacy.jsx:3)',
      '/posts/:postId src/Post.tsx:1 Post [tanstack-router] (src/routes/_layout/posts.$postId.tsx:3)',
    ]);
  });

  it("reads vue-router's table: children under their parent, components loaded from `@/` (the project's src) as .vue files", async () => {
    const screens = await screensOf({
      'package.json': '{ "dependencies": { "vue-router": "4.0.0" } }',
      'src/router/index.js': `import { createRouter, createWebHistory } from 'vue-router';
import Home from '../views/Home.vue';

const routes = [
  { path: '/', component: Home, children: [{ path: 'feed', component: () => import('@/views/Feed') }] },
  { path: '/login', name: 'login', component: () => import('@/views/Login') },
  { path: '/old', redirect: '/' },
];

export default createRouter({ history: createWebHistory(), routes });`,
      'src/views/Home.vue': '<template><p>home</p></template>\n',
      'src/views/Feed.vue': '<template><p>feed</p></template>\n',
      'src/views/Login.vue': '<template><p>login</p></template>\n',
    });
    expect(screens).toEqual([
      '/ src/views/Home.vue [vue-router] (src/router/index.js:5)',
      '/feed src/views/Feed.vue [vue-router] (src/router/index.js:5)',
      '/login src/views/Login.vue [vue-router] (src/router/index.js:6)',
    ]);
  });

  it("reads Angular's Routes: loadComponent, a module's routes under loadChildren's path, no named outlet", async () => {
    const screens = await screensOf({
      'package.json': '{ "dependencies": { "@angular/router": "17.0.0" } }',
      'src/app/app.routes.ts': `import { Routes } from '@angular/router';
import { NavbarComponent } from './navbar.component';

export const routes: Routes = [
  { path: '', component: NavbarComponent, outlet: 'navbar' },
  { path: 'article/:slug', loadComponent: () => import('./article.component').then((m) => m.ArticleComponent) },
  { path: 'profile', loadChildren: () => import('./profile/profile.routes') },
  { path: 'admin', loadChildren: () => import('./admin/admin.routes').then((m) => m.ADMIN_ROUTES) },
];`,
      'src/app/navbar.component.ts': 'export class NavbarComponent {}\n',
      'src/app/article.component.ts': 'export class ArticleComponent {}\n',
      'src/app/profile/profile.routes.ts': `import { Routes } from '@angular/router';
import { ProfileComponent } from './profile.component';

const routes: Routes = [{ path: ':username', component: ProfileComponent }];

export default routes;`,
      'src/app/profile/profile.component.ts': 'export class ProfileComponent {}\n',
      'src/app/admin/admin.routes.ts': `import { Routes } from '@angular/router';

export const ADMIN_ROUTES: Routes = [{ path: 'users', loadComponent: () => import('./users.component') }];`,
      'src/app/admin/users.component.ts': 'export default class UsersComponent {}\n',
    });
    expect(screens).toEqual([
      '/admin/users src/app/admin/users.component.ts [angular] (src/app/admin/admin.routes.ts:3)',
      '/article/:slug src/app/article.component.ts [angular] (src/app/app.routes.ts:6)',
      '/profile/:username src/app/profile/profile.component.ts [angular] (src/app/profile/profile.routes.ts:4)',
    ]);
  });

  it('takes no array of objects with paths for routes without a router beside it', async () => {
    expect(
      await screensOf({
        'src/nav.js': "export const menuRoutes = [{ path: '/docs', component: 'DocsIcon' }];\n",
      }),
    ).toEqual([]);
  });
});
