/**
 * The request scope the demo seed calls the modules' use cases with (issue 31 §9: the demo class is made the
 * way the product makes one). The seed runs before the composition root (server/app.ts: migrate, seed, then
 * compose), so it builds the few long-lived dependencies those use cases read itself, over the seed's
 * database handle: the local content store, the outbox, the exam timetable, a content cache for the seed's
 * duration. It queues no jobs: what a job would do after a review (the
 * pupil's summary), the seed does itself, at once. Payments are not for the seed.
 */
import pino from 'pino';
import type { Db } from '#app/db/client.server.ts';
import { createLocalContentAdapter } from '#app/platform/integrations/content/local.adapter.server.ts';
import { createOutboxMailSender } from '#app/platform/integrations/mail/outbox.adapter.server.ts';
import type { PaymentProvider } from '#app/platform/integrations/payments/port.ts';
import { createScope, type Deps, type Scope } from '#app/platform/server/deps.ts';
import { createTtlCache } from '../infra/ttl-cache.ts';

const noPayments = async (): Promise<never> => {
  throw new Error('The demo seed takes no payments.');
};

/**
 * A fresh request scope over the seed's dependencies, as each request gets one (its memo is its own); over a
 * transaction of the seed's database when given one. `reported`: what the use cases reported as errors (the
 * seed fails on them once it is done).
 */
export type SeedScopes = ((db?: Db) => Scope) & { reported: unknown[] };

/** The seed's dependencies over `db` (the exam timetables are the database's, imported before: importTimetables). */
export function seedScopes(db: Db): SeedScopes {
  const reported: unknown[] = [];
  const payments: PaymentProvider = {
    kind: 'demo',
    createPayment: noPayments,
    getPayment: noPayments,
    refund: noPayments,
  };
  const deps: Deps = {
    db,
    content: createLocalContentAdapter(db),
    errors: {
      capture: (error) => {
        reported.push(error);
      },
      flush: async () => {},
    },
    mail: createOutboxMailSender(db),
    payments,
    // The seed computes what a queued job would (a pupil's summary) itself.
    jobs: { enqueue: async () => null },
    logger: pino({ level: 'silent' }),
    // The subjects' content, read once for the whole seed (it does not change while it runs).
    cache: createTtlCache(10 * 60_000),
    settings: { publicUrl: 'http://localhost', gtmId: undefined, production: false, cookieSecret: 'seed' },
  };
  const scopes = (over?: Db) => createScope(over ? { ...deps, db: over } : deps);
  return Object.assign(scopes, { reported });
}
