import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from '../scripts/vite-precompress';

export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  resolve: { alias: { 'object.entries': fileURLToPath(new URL('./shims/object-entries.cjs', import.meta.url)) } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
