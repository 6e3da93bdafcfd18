/**
 * How every function is bundled, in esbuild's own terms: the CDK stack (function-defaults.ts) and the bundle bench
 * (test/bench/bundles.bench.ts) read this one object, so the bench measures exactly what is deployed.
 */
export const FUNCTION_BUNDLE = {
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  treeShaking: true,
  // ESM packages first: their exports can be tree-shaken.
  mainFields: ['module', 'main'],
  // The banner gives CommonJS dependencies a `require`.
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
} as const;
