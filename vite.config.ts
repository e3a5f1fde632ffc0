/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const TEST_GLOBS = [
  'src/**/*.test.{ts,tsx}',
  'cli/**/*.test.ts',
  'server/**/*.test.ts',
  'tests/**/*.test.ts',
];

/** The test files that ask for a DOM environment (`// @vitest-environment happy-dom`), as paths. */
function domTestFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.tsx?$/.test(entry.name) && readFileSync(path, 'utf8').includes('@vitest-environment'))
        out.push(path);
    }
  };
  for (const dir of ['src', 'cli', 'server', 'tests']) walk(dir);
  return out.sort();
}
// Only a test run needs the list: `vite build`, `preview` and `dev` load this file too, and need
// not read every source file first.
const DOM_TEST_FILES = process.env.VITEST ? domTestFiles() : [];

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

/**
 * The service worker (Workbox, generated at build time; registered by src/app/serviceWorker.ts in
 * production builds only). The precache is the whole build, lazy chunks included (the YAML parser,
 * the share-link decoder, lessons), so after one visit the app runs offline. The zh-CN font (its
 * CSS, 108 KB, and 101 unicode-range subsets, 4.6 MB, with the zh-CN terminals' Noto Sans Mono) is
 * NOT precached: every English reader would pay for it. It is cached as it is fetched (CacheFirst: a hashed file never changes), and
 * src/i18n/cjkFont.ts fetches the subsets the UI's own Chinese text needs when zh-CN is chosen,
 * so a zh-CN reader has them offline too.
 */
function serviceWorker() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      name: 'Rollout Lab',
      short_name: 'Rollout Lab',
      description:
        'Watch, step through and replay what the Kubernetes Deployment, ReplicaSet and DaemonSet controllers do during a rollout.',
      theme_color: '#0f172a',
      background_color: '#f1f5f9',
      display: 'standalone',
      icons: [{ src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
      // The zh-CN font's CSS (108 KB of unicode ranges) is cached at runtime with its files.
      globIgnores: ['**/cjkFont-*.css'],
      navigateFallback: 'index.html',
      // The first version takes the page it was installed from at once, so that visit already
      // fills the font cache; a later version still waits for the reader (registerType 'prompt').
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: ({ sameOrigin, url }) =>
            sameOrigin && /\/assets\/(noto-sans-(sc|mono)-.*\.woff2|cjkFont-.*\.css)$/.test(url.pathname),
          handler: 'CacheFirst',
          options: {
            cacheName: 'cjk-font',
            expiration: { maxEntries: 120 },
            // `vite preview` (and many hosts) answer with Vary: Origin, and the page's <link
            // crossorigin> sends an Origin that the warm-up's fetch did not: the same file either way.
            matchOptions: { ignoreVary: true },
          },
        },
      ],
    },
  });
}

export default defineConfig({
  base: basePath(process.env.BASE_PATH),
  plugins: [react(), tailwindcss(), relaxCspForDev(), serviceWorker()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // Never inline a font as a data: URL (the smallest zh-CN subsets are under 4 KB): the CSP's
    // font-src 'self' refuses them, and each is fetched only when the page needs it anyway.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    environment: 'node', // per file: // @vitest-environment happy-dom
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    // Property, fuzz and whole-run tests do real work; on a busy 2-core CI machine 5 s is too tight.
    testTimeout: 30_000,
    // Vitest's default is one worker fewer than the cores: on these 2-core machines that is one, and
    // the 243 files ran one after another (277 s in CI). Two workers: 175 s, every test passing.
    // Tried again on 2026-12-02 with 511 files (the machine ~8% idle with two, as the served-API
    // tests wait on kubectl and on the server's clock): four took 341.6 s in a fresh clone against
    // 313.2 s with two; three, six and the threads pool were no faster on one machine. About 40% of
    // the stage's CPU is the real kubectl's ~1,200 processes (~0.19 s of CPU each, Go's start-up).
    maxWorkers: 2,
    // Two projects. The DOM tests (a `@vitest-environment` line) each get fresh modules, as their
    // stores and i18n are module state. The rest share a worker's modules across files: importing
    // the engine once per worker instead of once per file cut the unit stage's CPU by ~30%
    // (src/engine + tests: 118.6 → 84.9 s user, imports 99 → 41 s), every test passing.
    projects: [
      { extends: true, test: { name: 'node', include: TEST_GLOBS, exclude: DOM_TEST_FILES, isolate: false } },
      { extends: true, test: { name: 'dom', include: DOM_TEST_FILES, setupFiles: ['tests/setup/dom.ts'] } },
    ],
  },
});
