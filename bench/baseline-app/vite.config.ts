import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/precompress-plugin';

// Built by bench/lighthouse.ts into a temporary folder; compressed ahead of time like the app.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  build: { target: 'es2022' },
});
