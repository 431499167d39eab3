/**
 * The back office's day (issue 32, `/beheer`): today's orders and revenue in Amsterdam, payments that failed or
 * still run, double payments nobody handled, background jobs that fail (pg-boss's own table) and mails that failed
 * to send (the mail log) in the last 24 hours.
 */
import { DEFAULT_TIME_ZONE } from '#app/platform/dates.ts';
import { failingJobs } from '#app/platform/server/job-failures.server.ts';
import { failedMails } from '#app/platform/server/mail.server.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { countOpenExtraPayments, dayOrderFigures } from '#app/modules/shop/index.server.ts';
import type { DashboardView } from '../schemas/orders.ts';
import { calendar } from '#app/modules/planner/index.server.ts';

export async function dayDashboard(s: Pick<Scope, 'db'>, now: Date = new Date()): Promise<DashboardView> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(now);
  const from = calendar(now).startOfToday;
  const since = new Date(now.getTime() - 86_400_000);
  const [orders, doublePayments, jobs, mails] = await Promise.all([
    dayOrderFigures(s.db, from, now),
    countOpenExtraPayments(s.db),
    failingJobs(s, since),
    failedMails(s, since),
  ]);
  return {
    day: today,
    orders,
    doublePayments,
    jobs,
    mails: {
      failed: mails.count,
      newest: mails.rows.map((mail) => ({
        at: mail.at.toISOString(),
        to: mail.to,
        subject: mail.subject,
        error: mail.error,
      })),
    },
  };
}
