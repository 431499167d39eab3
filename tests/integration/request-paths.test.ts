/**
 * How many files the pupil's most frequent write and the shop's most frequent write pass (issue 30): rating a
 * card and adding a product to the cart. V8's precise coverage (node:inspector) records which functions run
 * while the request is answered (after the same request once, so nothing is loaded for the first time); a
 * file counts when one of its functions ran. Counted: the application's code, `app/` less its pages
 * (`app/routes/`); not counted: the HTTP shell of every request (`server/`: routes, middleware, the API's
 * plumbing), tests and packages. At most 8 files each.
 */
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import { addMySubjects } from '#app/modules/checks/server/subjects.server.ts';
import { type Caller, newUser, recordMails } from './accounts.ts';
import { apiClient } from './http.ts';
import { apiBrowser, productIds } from './shop-client.ts';
import { cardsOf, subjectIdOf } from './study-content.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAX_FILES = 8;
const EXPORT_GETTER = '() => { try { return ';

let rt: TestRuntime;
let pupil: Caller;
let cards: number[] = [];
const session = new Session();
const call = apiClient(() => rt);

/** The files of `app/` (less app/routes) whose functions ran while `run` did, relative to the repository. */
async function filesRun(run: () => Promise<void>): Promise<Set<string>> {
  await session.post('Profiler.takePreciseCoverage'); // resets the counts
  await run();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const files = new Set<string>();
  for (const script of result) {
    if (!script.url.startsWith('file:') && !script.url.startsWith('/')) continue;
    const file = path.relative(ROOT, script.url.startsWith('file:') ? fileURLToPath(script.url) : script.url);
    if (!file.startsWith('app/') || file.startsWith('app/routes/') || /\.test\.tsx?$/.test(file)) continue;
    const ran = script.functions.filter((fn) => fn.ranges[0]!.count > 0);
    if (ran.length === 0) continue;
    // Vitest's module runner reads an imported name through a getter it writes into the module
    // (`() => { try { return name } catch {} }`); Node binds the name without running anything.
    const { scriptSource } = await session.post('Debugger.getScriptSource', { scriptId: script.scriptId });
    const real = ran.filter((fn) => !scriptSource.startsWith(EXPORT_GETTER, fn.ranges[0]!.startOffset));
    if (process.env.PATHS_DEBUG)
      console.log(
        file,
        real.map(
          (fn) => fn.functionName || scriptSource.slice(fn.ranges[0]!.startOffset, fn.ranges[0]!.startOffset + 60),
        ),
      );
    if (real.length > 0) files.add(file);
  }
  return files;
}

/**
 * The files a request passes beyond the shell that every request of its route passes: the files that ran for
 * `request` less those that ran for `shell` (the same route refused by its schema — origin, body limit, rate
 * limit, parsing — and who is asking, `GET /api/v1/users/me` by the same caller).
 */
async function filesPassed(request: () => Promise<void>, shell: () => Promise<void>): Promise<string[]> {
  const base = await filesRun(shell);
  const files = await filesRun(request);
  return [...files].filter((file) => !base.has(file)).sort();
}

/** At most MAX_FILES files, among them the request's own use case, its data and its rules (what the count stands for). */
function expectShortPath(request: string, files: string[], core: string[]) {
  if (process.env.SHOW_REQUEST_PATHS) console.info(`${request} passes`, files);
  expect(files.length, files.join(', ')).toBeLessThanOrEqual(MAX_FILES);
  expect(files).toEqual(expect.arrayContaining(core));
}

beforeAll(async () => {
  // As deployed: the content every pupil shares is kept for CONTENT_CACHE_SECONDS (the tests' default is 0).
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1', CONTENT_CACHE_SECONDS: '30' } });
  const { db } = rt.database;
  const subjectId = await subjectIdOf(db, 'wiskunde-b');
  const mails = recordMails(rt);
  pupil = await newUser(rt, mails, 'pad.leerling@example.nl');
  await addMySubjects(rt.services, pupil.id, [subjectId]);
  await grantSubjectAccess(db, { userId: pupil.id, subjectId, stream: 'full', source: 'demo' });
  cards = (await cardsOf(rt, pupil, subjectId)).learnable;
  session.connect();
  await session.post('Debugger.enable');
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
});

afterAll(async () => {
  await session.post('Profiler.stopPreciseCoverage').catch(() => {});
  session.disconnect();
  await rt?.close();
});

describe('the files a request passes', () => {
  it('rating a card: at most 8 files', async () => {
    const rate = async (cardId: number, rating = 'good', status = 201) => {
      const res = await call(pupil, 'POST', `/users/me/cards/${cardId}/reviews`, { rating });
      expect(res.status).toBe(status);
    };
    await rate(cards[0]!);
    await rate(cards[1]!);
    await rate(cards[1]!, 'goed', 400);
    const files = await filesPassed(
      () => rate(cards[2]!),
      async () => {
        await rate(cards[3]!, 'goed', 400);
        await call(pupil, 'GET', '/users/me');
      },
    );
    expectShortPath('rating a card', files, [
      'app/modules/reviews/server/rate-card.server.ts',
      'app/modules/reviews/db/memory.server.ts',
      'app/modules/reviews/domain/memory.ts',
      'app/modules/cards/domain/access.ts',
    ]);
  });

  it('adding to the cart: at most 8 files', async () => {
    const ids = await productIds(rt);
    const browser = apiBrowser(rt, '203.0.113.80');
    const [first, second, third] = [...ids.values()];
    const add = async (productId: number, quantity = 1, status = 200) => {
      const res = await browser.call('POST', '/cart/items', { productId, quantity });
      expect(res.status).toBe(status);
    };
    await add(first!);
    await add(second!);
    await add(second!, -1, 400);
    const files = await filesPassed(
      () => add(third!),
      async () => {
        await add(third!, -1, 400);
        await browser.call('GET', '/users/me');
      },
    );
    expectShortPath('adding to the cart', files, [
      'app/modules/shop/server/cart.server.ts',
      'app/modules/shop/db/carts.server.ts',
      'app/modules/shop/domain/cart.ts',
      'app/modules/catalog/db/products.server.ts',
    ]);
  });
});
