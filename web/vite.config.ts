import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoPath = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/**
 * The SPA. `npm run build:web` writes web/dist; the local cloud serves it through Vite in middleware mode
 * (same origin as /api, /config.json and /cognito), so there is no dev proxy here.
 */
export default defineConfig(({ command }) => ({
  root: webRoot,
  base: '/',
  plugins: [react()],
  resolve: {
    // react-router's package exports name only its development build (its own Vite plugin swaps in the production
    // one, which an SPA without that plugin has to do itself): warnings and checks for nothing, in every seller's
    // download.
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: repoPath('node_modules/react-router/dist/production/index.mjs') }] : [],
  },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3's sources still use Sass's @import and global functions: their deprecation notices are
      // Bootstrap's to fix, and would bury our own warnings.
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions'] },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // No <link rel=modulepreload> per dependency of a dynamic import: inserting them cost the page load's longest
    // tasks on a phone (issue 18, docs/performance.md), and the browser fetches a chunk's imports itself.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // React (every page needs it) changes less often than our code: its own chunk stays cached
        // across deploys. Other libraries go with the screens that import them (a catch-all vendor chunk put every
        // library of every screen on the first page).
        codeSplitting: {
          groups: [
            // zod with our zod-config: every chunk that builds a schema imports this one, so zod runs without eval
            // (the CSP forbids it) before any schema exists, whatever order the other chunks load in.
            { name: 'zod', test: /(node_modules[\\/]zod[\\/]|src[\\/]zod-config|schemas[\\/]plain-errors)/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Charts are imported only by the chart component's dynamic import(): their own chunk, fetched on first chart.
            { name: 'charts', test: /(node_modules[\\/](chart\.js|@kurkle)[\\/]|components[\\/]chart-parts)/ },
          ],
        },
      },
    },
  },
  // The answer checker (src/lib/answer-check.worker.ts) loads a call group's schemas as the page does: one chunk each.
  worker: { format: 'es' },
  server: {
    // Only the app's own files: web/, the route table and rules in shared/, and the libraries. The repository
    // root would also serve .local/ (every local account with its password) and the server's source.
    fs: {
      strict: true,
      allow: [webRoot, repoPath('shared'), repoPath('node_modules')],
      deny: ['.env', '.env.*', '*.{crt,pem,key}', '**/.git/**', '**/.local/**'],
    },
  },
  optimizeDeps: {
    // Known up front, so the first page load does not discover them and reload (flaky browser tests).
    include: [
      'react',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'react-dom/client',
      'react-router',
      '@tanstack/react-query',
      'react-bootstrap',
      'react-hook-form',
      '@hookform/resolvers/zod',
      'zod',
      'js-cookie',
      // Imported only by the chart component's dynamic import(): found late, it would reload the page mid-test.
      'chart.js',
    ],
  },
}));
