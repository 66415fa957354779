import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../scripts/vite-precompress';

const bare = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../tests/bench/bare-admin');

/** The bare react-admin app of `npm run bench:admin`, built exactly as vite.config.ts builds the admin. */
export default defineConfig({
  root: bare,
  base: '/bare/',
  plugins: [react(), precompress()],
  build: { outDir: path.join(bare, 'dist'), emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});
