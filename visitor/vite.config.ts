import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../scripts/vite-precompress';

/** Assets under /v/ so that every other path can be a visitor route (docs/product.md#visitor-area). */
export default defineConfig({
  base: '/v/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
