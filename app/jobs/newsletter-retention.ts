/**
 * Newsletter retention: once a day, delete the sign-ups that were
 * never confirmed and whose confirmation link has expired (7 days). 03:29
 * Amsterdam time, beside consent retention. Idempotent, so a retry or a late
 * run after downtime is harmless.
 */
import { purgeUnconfirmedSignups } from '#app/modules/newsletter/index.server.ts';
import { defineJob } from './define.ts';

export const newsletterRetentionJob = defineJob({
  name: 'newsletter-retention',
  schedule: '29 3 * * *',
  async handler(scope) {
    const deleted = await purgeUnconfirmedSignups(scope, new Date());
    return { deleted };
  },
});
