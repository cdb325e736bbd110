import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';
import { bootScript } from './build/boot-script.ts';
import { firstScreenChunk } from './build/first-screen-chunk.ts';

const webDir = fileURLToPath(new URL('.', import.meta.url));
// The hosting emulator of `npm start`, which rewrites /api to the function.
const DEFAULT_API_PROXY = 'http://127.0.0.1:5000';

export default defineConfig(({ mode }) => {
  // VITE_API_PROXY may come from the shell or from web/.env*; the shell wins.
  const apiTarget = loadEnv(mode, webDir, 'VITE_').VITE_API_PROXY || DEFAULT_API_PROXY;
  const proxy = { '/api': { target: apiTarget, changeOrigin: true } };

  const firstScreen = firstScreenChunk();

  return {
    root: webDir,
    plugins: [react(), firstScreen.plugin, bootScript()],
    // tsconfig.json's paths (the @contract/ alias) for the dev server, the build and vitest.
    resolve: { tsconfigPaths: true },
    server: { proxy },
    preview: { proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: { output: { codeSplitting: { groups: [firstScreen.group] } } },
    },
    test: {
      environment: 'jsdom',
      // The files run one after another in each worker, node_modules and the jsdom window loaded
      // once; what a file sets up is undone after it (src/test/file-isolation.ts).
      isolate: false,
      setupFiles: ['./src/test/setup.ts', './src/test/file-isolation.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      unstubGlobals: true,
    },
  };
});
