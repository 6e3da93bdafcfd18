import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import sirv from 'sirv';
import { ROOT } from './lambda.js';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/** web/dist, as `npm run build:web` writes it and CloudFront serves it. */
export const WEB_DIST = join(ROOT, 'web', 'dist');

/**
 * Builds the web app for production and writes a brotli and a gzip copy beside each text file, so the local
 * gateway serves what CloudFront would (compressed, hashed assets cached for a year) without compressing per request.
 */
export async function buildWeb(options: { verbose?: boolean } = {}): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: join(ROOT, 'web', 'vite.config.ts'), logLevel: options.verbose ? 'info' : 'error' });
  for (const file of filesUnder(WEB_DIST)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * The built app served as CloudFront serves it: precompressed brotli or gzip files, hashed assets cached a year
 * (Vite's file names change with their content), the entry page asked for again every time, and the SPA fallback.
 */
export function serveBuiltApp(dist: string = WEB_DIST) {
  return sirv(dist, {
    single: true,
    brotli: true,
    gzip: true,
    setHeaders: (res, pathname) => {
      res.setHeader('cache-control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
