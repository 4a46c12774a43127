import { $ } from '../core/dom.js';

type Drawer = 'sidebar' | 'side-panels';

/** Below ~900 px the side panels slide over the chat; one open at a time, Escape or a tap outside closes. */
export function toggleDrawer(id: Drawer, open?: boolean): void {
  const drawer = $(id);
  const show = open ?? !drawer.classList.contains('open');
  for (const other of ['sidebar', 'side-panels'] as const) {
    const on = other === id && show;
    $(other).classList.toggle('open', on);
    $(other === 'sidebar' ? 'open-sidebar' : 'open-panels').setAttribute('aria-expanded', String(on));
  }
  $('backdrop').hidden = !show;
  if (show) drawer.querySelector<HTMLElement>('button, select, input, textarea')?.focus();
}

export function setUpDrawers(): void {
  $('open-sidebar').onclick = () => toggleDrawer('sidebar');
  $('open-panels').onclick = () => toggleDrawer('side-panels');
  $('backdrop').onclick = () => toggleDrawer('sidebar', false);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !$('backdrop').hidden) toggleDrawer('sidebar', false);
  });
}
