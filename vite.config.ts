import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * React, React DOM and React Router in one browser chunk: it changes only when
 * they are upgraded, so a returning visitor keeps it across our deploys, and
 * one file compresses smaller than the six pieces the default split made
 * (first-load JS of / 126.6 → 124.1 kB gzip). docs/performance.md has the figures.
 */
const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
/** Our TypeScript modules under app/ (not CSS, not node_modules). */
const OWN_SOURCE = /[\\/]app[\\/][^?]*\.tsx?$/;
/**
 * Our modules that act on import: Zod's browser configuration (a module that only re-exported `z` would
 * otherwise be skipped by its importers, and Zod would probe `eval` under our CSP) and the API client's error
 * reporter. Keep this list to what `grep -rnE '^[a-zA-Z_$][a-zA-Z0-9_$.]*\(' app` finds outside server code.
 */
const ACTS_ON_IMPORT = /[\\/]app[\\/]platform[\\/](schemas[\\/]z|report-error)\.ts$/;

/** The client build's text assets (the fonts are WOFF2, compressed already). */
const COMPRESSIBLE_ASSET = /^assets\/.+\.(js|css|svg)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Each hashed text asset of the client build also as `.br` (brotli 11) and `.gz` (gzip 9), which the server
 * sends as they are (server/infra/static-files.ts): the highest settings cost seconds once at build time,
 * where on the fly the server can afford brotli 5, and small files (under 1 kB) get no copy there at all.
 */
function precompressAssets(): Plugin {
  return {
    name: 'slaagbundel:precompress-assets',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE_ASSET.test(file));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(join(dir, file));
          const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length };
          const [br, gz] = await Promise.all([brotli(raw, { params }), gzipped(raw, { level: 9 })]);
          // A copy only where it is smaller: the small chunks a page imports by the dozen gain too (one packet
          // either way, but fewer bytes and packets in all); a tiny file may not.
          const copies: [Buffer, string][] = [
            [br, 'br'],
            [gz, 'gz'],
          ];
          await Promise.all(
            copies.flatMap(([copy, ext]) =>
              copy.length < raw.length ? [writeFile(join(dir, `${file}.${ext}`), copy)] : [],
            ),
          );
        }),
      );
    },
  };
}

/**
 * The process entry, `server/main.ts`, built beside the server bundle as `build/server/main.js`: production runs
 * JavaScript, so Node never loads its TypeScript stripper (its WebAssembly held 16 MB of every copy's memory,
 * ADR 040). A chunk of its own with a fixed name: React Router names every entry of this build `index.js`.
 */
function serverEntry(): Plugin {
  return {
    name: 'slaagbundel:server-entry',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    buildStart() {
      if (this.environment.mode === 'build')
        this.emitFile({ type: 'chunk', id: './server/main.ts', fileName: 'main.js' });
    },
  };
}

export default defineConfig({
  build: {
    // Fonts stay files (KaTeX's, for the study area's formulas): our CSP allows fonts from 'self' only, not data: URLs.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf)$/.test(file) ? false : undefined),
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] } },
          // Our own modules do nothing on import but define things: a module whose exports a page does not use
          // is left out even when it sits behind a capability module's public entry (index.ts), so a page
          // without a form never loads Zod (ADR 020). Side effects of ours: CSS imports and ACTS_ON_IMPORT.
          treeshake: { moduleSideEffects: (id) => !OWN_SOURCE.test(id) || ACTS_ON_IMPORT.test(id) },
        },
      },
    },
    // The server bundle's entry is our Hono app, which mounts the React Router
    // request handler: one module graph for pages, API and services.
    ssr: {
      build: { rollupOptions: { input: './server/app.ts' } },
      // Bundled, not loaded from node_modules at run time: drizzle-orm's 180 kB package.json
      // (447 export paths) is read for each of its hundreds of modules, which cost ~128 MB of
      // RSS and ~0.2 s of start-up; bundled, only the modules we use remain.
      resolve: { noExternal: ['drizzle-orm'] },
    },
  },
  server: { middlewareMode: true },
  plugins: [tailwindcss(), reactRouter(), precompressAssets(), serverEntry()],
});
