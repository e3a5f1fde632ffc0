/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Base path of the built site. `/` by default; set BASE_PATH=/rollout-lab/ to serve the static build
 * from a sub-path such as GitHub Pages. A missing leading or trailing slash is added.
 */
function basePath(raw: string | undefined): string {
  if (!raw || raw === '/') return '/';
  return `/${raw.replace(/^\/+|\/+$/g, '')}/`;
}

/**
 * The dev server needs what the built site must not allow: React Refresh's inline preamble, CSS
 * injected as <style> tags and the HMR websocket. This plugin loosens index.html's CSP for
 * `vite` (serve) only; `vite build` keeps the strict policy exactly as written in index.html.
 */
function relaxCspForDev(): Plugin {
  return {
    name: 'rollout-lab:relax-csp-for-dev',
    apply: 'serve',
    transformIndexHtml(html) {
      return html
        .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
        .replace("connect-src 'self'", "connect-src 'self' ws: wss:");
    },
  };
}

export default defineConfig({
  base: basePath(process.env.BASE_PATH),
  plugins: [react(), tailwindcss(), relaxCspForDev()],
  worker: { format: 'es' },
  build: { target: 'es2022' },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'cli/**/*.test.ts', 'server/**/*.test.ts', 'tests/**/*.test.ts'],
    environment: 'node', // per file: // @vitest-environment happy-dom
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    // Property, fuzz and whole-run tests do real work; on a busy 2-core CI machine 5 s is too tight.
    testTimeout: 30_000,
  },
});
