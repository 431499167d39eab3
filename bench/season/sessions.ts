/**
 * The scripted sessions of `npm run bench:season` (bench/README.md): a pupil's study session, a visitor's look
 * round the public pages, a buyer's order paid with the demo payment; and the think times between their steps.
 */
import { mulberry32 } from '#app/platform/random.ts';
import { CONSENT_COOKIE, PAGE_HEADERS } from '../harness/settings.ts';
import { cookiesOf, jsonOf, type Client, type Recorder } from './client.ts';

/** The `_routes` of a client navigation: the loaders React Router asks the server to run (as bench/signed-in.ts). */
export const ROUTES = (...ids: string[]) => `_routes=${encodeURIComponent(ids.map((id) => `${id}___nl`).join(','))}`;

const API_HEADERS = { ...PAGE_HEADERS, accept: 'application/json' };
const LANGUAGE_COOKIES = 'vsf-locale=nl; vsf-currency=EUR; vsf-country=NL';
/** The learn list's filter (as bench/study.ts): explanations of medium difficulty. */
export const LEARN_FILTER = 'sections[]=uitleg&difficulty[]=gemiddeld';

/** The kinds of request, in the order of a session (the tables' rows). */
export const KINDS = [
  'sign in',
  'area home (page)',
  "today's plan API",
  'card modal (card API)',
  'card visit API',
  'review API',
  'subject .data',
  'learn list (filter) .data',
  'results .data',
  'exam check .data',
  'exam check submit API',
  'planning .data',
  'grades .data',
  'home (page)',
  'product list (page)',
  'product (page)',
  'article (page)',
  'add to cart API',
  'cart (page)',
  'checkout (page)',
  'place order API',
  'start payment API',
  'demo payment (page)',
  'demo payment paid (post)',
  'floor GET /users/me',
] as const;
export type Kind = (typeof KINDS)[number];

/**
 * Think times, in seconds: lognormal around a median (σ 0.6), as people take a few seconds for most clicks and
 * now and then much longer. Reading a card before rating it takes longest; an exam check is answered in minutes.
 */
export const THINK = {
  page: 4,
  card: 8,
  next: 1,
  check: 60,
} as const;
export type Think = keyof typeof THINK;

/** What every session knows of the world the bench set up. */
export interface World {
  subjectId: number;
  subjectPath: string;
  /** Learnable cards of the subject: a pupil's reviews beyond today's plan come from here. */
  cards: readonly number[];
  /** The subject's exam check and its questions (choice options, open questions' points). */
  check: {
    id: number;
    questions: { id: number; kind: 'choice' | 'open'; options: string[]; maxPoints: number }[];
  } | null;
  productIds: readonly number[];
  productPath: string;
  articlePath: string;
  origin: string;
}

/** One simulated user: the client, the recorder, its own random stream, whether it thinks, when it must stop. */
export interface User {
  client: Client;
  recorder: Recorder;
  random: () => number;
  /** 0: no think time (saturation); 1: the THINK medians. */
  thinkScale: number;
  stopped: () => boolean;
}

export function makeRandom(seed: number): () => number {
  return mulberry32(seed);
}

/** A lognormal draw with this median (σ 0.6), in ms. */
function lognormalMs(random: () => number, medianSeconds: number): number {
  const u1 = Math.max(random(), 1e-12);
  const u2 = random();
  const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  return medianSeconds * Math.exp(0.6 * z) * 1000;
}

function wait(user: User, what: Think): Promise<number> {
  if (user.thinkScale === 0) return Promise.resolve(0);
  const ms = lognormalMs(user.random, THINK[what] * user.thinkScale);
  return new Promise((done) => {
    // A stopped phase does not wait for its users to finish thinking.
    const started = Date.now();
    const step = () => {
      if (user.stopped()) done(Date.now() - started);
      else if (Date.now() - started >= ms) done(ms);
      else setTimeout(step, Math.max(1, Math.min(500, ms - (Date.now() - started))));
    };
    step();
  });
}

async function timed(
  user: User,
  kind: Kind,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
) {
  const started = performance.now();
  const answer = await user.client.send(method, path, headers, body);
  user.recorder.record(kind, performance.now() - started, answer.status);
  return answer;
}

const ok = (status: number) => status >= 200 && status < 400;

// ---------------------------------------------------------------- sign-in

/**
 * Signs a pupil in (POST /api/auth/sign-in/email): the cookie header of their session. A dropped connection or an
 * answer of 429 or 5xx is tried again twice, a second apart; then it throws with the last status.
 */
export async function signInPupil(user: User, email: string, password: string): Promise<string> {
  let status = 0;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) await new Promise((done) => setTimeout(done, 1000));
    const answer = await timed(
      user,
      'sign in',
      'POST',
      '/api/auth/sign-in/email',
      { 'content-type': 'application/json', origin: user.client.url, 'user-agent': PAGE_HEADERS['user-agent'] },
      JSON.stringify({ email, password }),
    );
    status = answer.status;
    const session = cookiesOf(answer).filter((c) => c.startsWith('slaagbundel.'));
    if (status === 200 && session.some((c) => c.startsWith('slaagbundel.session_token=')))
      return [CONSENT_COOKIE, LANGUAGE_COOKIES, ...session].join('; ');
    if (status !== 0 && status !== 429 && status < 500) break;
  }
  throw new Error(`${email} could not sign in (last answer: ${status || 'no answer'})`);
}

// ---------------------------------------------------------------- a pupil

interface PlannedCard {
  cardId: number;
}

/**
 * A pupil's session (signed in already: the browser keeps the session's cookie): the area home, today's plan,
 * 20–40 reviews (each: the card modal's read of the card API, its visit where that clears a new-content flag,
 * reading, the rating Goed), the subject, its learn list with a filter, the exam check answered and handed in,
 * the plan and the grades. Answers whether every step went through.
 */
export async function pupilSession(user: User, world: World, cookie: string, joinMidway = false): Promise<void> {
  const page = { ...PAGE_HEADERS, cookie };
  const api = { ...API_HEADERS, cookie };
  const write = { ...api, 'content-type': 'application/json', origin: world.origin };
  const sp = world.subjectPath;
  const count = 20 + Math.floor(user.random() * 21);
  const offset = Math.floor(user.random() * world.cards.length);
  // A user's first session joins the script at a random step (home, plan, each review, subject, learn list, the
  // check, plan page, grades: equal odds a step), as pupils already at work would be: a measured window then
  // holds every part of the day in its share, not only the beginnings of sessions longer than the window.
  let skip = joinMidway ? Math.floor(user.random() * (2 + count + 5)) : 0;
  const runs = () => skip-- <= 0;

  if (runs()) {
    await timed(user, 'area home (page)', 'GET', '/mijnslaagbundel', page);
    await wait(user, 'next');
    if (user.stopped()) return;
  }
  let planned: number[] = [];
  if (runs()) {
    const plan = await timed(user, "today's plan API", 'GET', '/api/v1/users/me/plan/today', api);
    if (plan.status === 200) {
      const today = jsonOf<{ reviews: PlannedCard[]; newCards: PlannedCard[] }>(plan);
      planned = [...today.reviews, ...today.newCards].map((c) => c.cardId);
    }
    await wait(user, 'page');
  }

  // 20–40 reviews: today's plan first, then on through the subject's cards from a place of the pupil's own.
  for (let i = 0; i < count && !user.stopped(); i++) {
    if (!runs()) continue;
    const cardId = planned[i] ?? world.cards[(offset + i) % world.cards.length]!;
    // The modal opened over the area home reads the card from the card API (its clientLoader, ADR 039), and posts
    // its visit when that clears a new-content flag (`clearsNew`), as app/routes/area/subject/card.tsx does.
    const card = await timed(user, 'card modal (card API)', 'GET', `/api/v1/card/${cardId}`, api);
    if (card.status === 200 && jsonOf<{ clearsNew: boolean }>(card).clearsNew)
      await timed(user, 'card visit API', 'POST', `/api/v1/users/me/cards/${cardId}/visit`, write);
    const read = await wait(user, 'card');
    if (user.stopped()) return;
    await timed(
      user,
      'review API',
      'POST',
      `/api/v1/users/me/cards/${cardId}/reviews`,
      write,
      JSON.stringify({ rating: 'good', secondsSpent: Math.max(1, Math.min(600, Math.round(read / 1000) || 20)) }),
    );
    await wait(user, 'next');
  }
  if (user.stopped()) return;

  if (runs()) {
    await timed(user, 'subject .data', 'GET', `${sp}.data?${ROUTES('subject', 'subject-overview')}`, page);
    await wait(user, 'page');
    if (user.stopped()) return;
  }
  if (runs()) {
    await timed(
      user,
      'learn list (filter) .data',
      'GET',
      `${sp}/leren-en-oefenen.data?${LEARN_FILTER}&${ROUTES('subject-learn')}`,
      page,
    );
    await wait(user, 'page');
    if (user.stopped()) return;
  }

  if (world.check && runs()) {
    const check = world.check;
    await timed(user, 'results .data', 'GET', `${sp}/maak-de-balans-op.data?${ROUTES('subject-results')}`, page);
    await wait(user, 'next');
    await timed(
      user,
      'exam check .data',
      'GET',
      `${sp}/maak-de-balans-op/examencheck/${check.id}.data?${ROUTES('subject-check')}`,
      page,
    );
    await wait(user, 'check');
    if (user.stopped()) return;
    const answers = check.questions.map((q) =>
      q.kind === 'choice'
        ? {
            questionId: q.id,
            kind: 'choice',
            optionId: q.options[Math.floor(user.random() * q.options.length)] ?? null,
          }
        : {
            questionId: q.id,
            kind: 'open',
            text: 'Uitgewerkt op papier.',
            points: Math.floor(user.random() * (q.maxPoints + 1)),
          },
    );
    await timed(user, 'exam check submit API', 'POST', `/api/v1/test/${check.id}`, write, JSON.stringify({ answers }));
    await wait(user, 'page');
    if (user.stopped()) return;
  }

  // The plan and the grades pages show no subject's grade: a click to them keeps the area layout's data (its
  // loader runs on the way to the area home, the account pages and the onboarding: app/routes/area/layout.tsx).
  if (runs()) {
    await timed(user, 'planning .data', 'GET', `/mijnslaagbundel/planning.data?${ROUTES('area-planning')}`, page);
    await wait(user, 'page');
    if (user.stopped()) return;
  }
  if (runs()) {
    await timed(user, 'grades .data', 'GET', `/mijnslaagbundel/cijfers.data?${ROUTES('area-grades')}`, page);
    await wait(user, 'page');
  }
  // A session joined midway is not a whole one: only whole sessions count as finished.
  if (!user.stopped() && !joinMidway) user.recorder.finished('pupil');
}

// ---------------------------------------------------------------- a visitor and a buyer

/** An anonymous visitor (consent given): the home page, the product list, a product, an article. */
export async function visitorSession(user: User, world: World): Promise<void> {
  const page = { ...PAGE_HEADERS, cookie: `${CONSENT_COOKIE}; ${LANGUAGE_COOKIES}` };
  const steps: [Kind, string][] = [
    ['home (page)', '/'],
    ['product list (page)', '/producten'],
    ['product (page)', world.productPath],
    ['article (page)', world.articlePath],
  ];
  for (const [kind, path] of steps) {
    if (user.stopped()) return;
    await timed(user, kind, 'GET', path, page);
    await wait(user, 'page');
  }
  if (!user.stopped()) user.recorder.finished('visitor');
}

/**
 * A buyer: the product list and a product, adds it to a new cart (the API, as the product page's button does
 * with JavaScript), the cart and the checkout pages, places the order as a guest, starts an iDEAL payment at
 * the demo provider and pays on its test page.
 */
export async function buyerSession(user: User, world: World, serial: number): Promise<void> {
  let cookie = `${CONSENT_COOKIE}; ${LANGUAGE_COOKIES}`;
  const page = () => ({ ...PAGE_HEADERS, cookie });
  const write = () => ({ ...API_HEADERS, cookie, 'content-type': 'application/json', origin: world.origin });
  await timed(user, 'product list (page)', 'GET', '/producten', page());
  await wait(user, 'page');
  await timed(user, 'product (page)', 'GET', world.productPath, page());
  await wait(user, 'page');
  if (user.stopped()) return;
  const productId = world.productIds[serial % world.productIds.length]!;
  const added = await timed(
    user,
    'add to cart API',
    'POST',
    '/api/v1/cart/items',
    write(),
    JSON.stringify({ productId }),
  );
  const cart = cookiesOf(added).find((c) => c.startsWith('slaagbundel.cart='));
  if (!ok(added.status) || !cart) return;
  cookie = `${cookie}; ${cart}`;
  await wait(user, 'next');
  await timed(user, 'cart (page)', 'GET', '/winkelwagen', page());
  await wait(user, 'page');
  await timed(user, 'checkout (page)', 'GET', '/afrekenen', page());
  await wait(user, 'page');
  if (user.stopped()) return;
  const email = `koper${serial}@example.nl`;
  const placed = await timed(
    user,
    'place order API',
    'POST',
    '/api/v1/orders',
    write(),
    JSON.stringify({
      email,
      firstName: 'Bench',
      lastName: `Koper ${serial}`,
      street: 'Teststraat',
      houseNumber: '1',
      postcode: '1234 AB',
      city: 'Utrecht',
      terms: true,
    }),
  );
  if (placed.status !== 201) return;
  const { order } = jsonOf<{ order: { number: string; accessQuery: string } }>(placed);
  const code = new URLSearchParams(order.accessQuery.replace(/^\?/, '')).get('code');
  const query = code ? `?code=${encodeURIComponent(code)}` : '';
  const started = await timed(
    user,
    'start payment API',
    'POST',
    `/api/v1/orders/${order.number}/payments${query}`,
    write(),
    JSON.stringify({ method: 'ideal' }),
  );
  if (started.status !== 201) return;
  const { checkoutUrl } = jsonOf<{ checkoutUrl: string }>(started);
  const payPath = new URL(checkoutUrl, world.origin).pathname;
  await timed(user, 'demo payment (page)', 'GET', payPath, page());
  await wait(user, 'page');
  await timed(
    user,
    'demo payment paid (post)',
    'POST',
    payPath,
    { ...page(), 'content-type': 'application/x-www-form-urlencoded', origin: world.origin },
    'outcome=paid',
  );
  await wait(user, 'page');
  if (!user.stopped()) user.recorder.finished('buyer');
}
