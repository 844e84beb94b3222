import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineProject({
  plugins: [react()],
  // Node would load react-router's CommonJS build for the tests but its ES build for react-admin
  // (through react-router-dom): two copies, two sets of contexts. Both get the ES build.
  resolve: { alias: [{ find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router')) }] },
  test: {
    name: 'portal',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
  },
});
