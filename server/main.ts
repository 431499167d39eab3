/**
 * Process entry. Production runs it built, as JavaScript beside the server bundle (`node build/server/main.js`,
 * `npm start` and `npm run serve`: Node then never loads its TypeScript stripper, ADR 040); development and the
 * one-off commands run it as it is (`node server/main.ts`, Node 24's type stripping).
 * Production loads the built server bundle, one copy per core or WEB_CONCURRENCY copies on PostgreSQL
 * (`node:cluster`: ./cluster.ts, ADR 029), one on embedded PGlite; NODE_ENV=development runs Vite in
 * middleware mode with hot reload. SIGTERM/SIGINT shut down gracefully. `--setup-only` migrates and seeds,
 * then exits (`npm run db:migrate`).
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { availableParallelism } from 'node:os';
import process from 'node:process';

// React and other libraries pick their production builds from NODE_ENV at load
// time: default it before anything is imported (our env schema defaults to it too).
process.env.NODE_ENV ??= 'production';
const dev = process.env.NODE_ENV === 'development';
const setupOnly = process.argv.includes('--setup-only');

async function main() {
  if (dev) {
    const { createServer } = await import('vite');
    const { getRequestListener } = await import('@hono/node-server');
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    const mod = await vite.ssrLoadModule('./server/app.ts');
    const runtime = await mod.createRuntime({
      dev: { loadBuild: () => vite.ssrLoadModule('virtual:react-router/server-build') },
    });
    const listener = getRequestListener(runtime.app.fetch);
    // The port the environment gives (PUBLIC_URL's default follows it, server/env.ts).
    const port = runtime.env.PORT;
    const { httpServerOptions } = await import('./infra/http-server.ts');
    const { publicUrlMismatch } = await import('./env.ts');
    const server = createHttpServer(httpServerOptions(), (req, res) =>
      vite.middlewares(req, res, () => listener(req, res)),
    );
    server.listen(port, () => {
      console.log(`Slaagbundel (development) on http://localhost:${port}`);
      const mismatch = publicUrlMismatch(runtime.env.PUBLIC_URL, port);
      if (mismatch) runtime.logger.warn({ publicUrl: runtime.env.PUBLIC_URL, port }, mismatch);
    });
    const stop = async () => {
      server.close();
      await runtime.close();
      await vite.close();
      process.exit(0);
    };
    process.once('SIGTERM', () => void stop());
    process.once('SIGINT', () => void stop());
    return;
  }

  // Beside this file when it runs built (build/server/main.js), else in build/server/.
  const bundle = new URL(import.meta.url.endsWith('.ts') ? '../build/server/index.js' : './index.js', import.meta.url);
  if (!existsSync(bundle)) {
    console.error('No server build found. Run `npm run build` first (npm start does this for you).');
    process.exit(1);
  }
  if (cluster.isPrimary && !setupOnly) {
    const { parseEnv } = await import('./env.ts');
    const { copiesToRun, runPrimary } = await import('./cluster.ts');
    const env = parseEnv(process.env);
    const plan = copiesToRun({
      webConcurrency: env.WEB_CONCURRENCY,
      cores: availableParallelism(),
      embedded: env.DATABASE_URL === undefined,
    });
    if (plan.copies > 1) return runPrimary(env, plan.copies);
    if (plan.note) {
      const { default: pino } = await import('pino');
      pino({ level: env.LOG_LEVEL, base: { service: 'slaagbundel' } }).info(plan.note);
    }
  }
  const mod = await import(bundle.href);
  const running = await mod.start({ setupOnly });
  if (setupOnly) return;
  let stopping: Promise<void> | undefined;
  const stop = (signal: string) =>
    (stopping ??= (async () => {
      console.log(`${signal} received`);
      await running.close();
      process.exit(0);
    })());
  // A copy of the cluster hears SIGTERM twice when a supervisor signals the whole process group and the
  // primary passes it on: the second one must not end the drain (a second Ctrl-C still does).
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
