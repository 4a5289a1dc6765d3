import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  resolve: { alias: { '@gamecloud/client': fileURLToPath(new URL('../../pkg/index.js', import.meta.url)) } },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
});
