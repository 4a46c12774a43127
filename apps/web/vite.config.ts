import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src',
  // Absolute asset paths: the page is also served at /s/<session id>.
  base: '/',
  build: { outDir: '../dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});
