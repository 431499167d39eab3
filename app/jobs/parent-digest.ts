/**
 * The weekly mail to parents (issue 31): Sunday 18:00 Amsterdam time, one mail per parent with each child's
 * subjects (on schedule or behind, and why; the minutes; the exam date) and a link that switches it off.
 * Idempotent: a link is mailed at most once in 6 days, and the mail's job key is the parent and the week.
 */
import { sendParentDigests } from '#app/modules/guardians/index.server.ts';
import { defineJob } from './define.ts';

export const parentDigestJob = defineJob({
  name: 'parent-digest',
  schedule: '0 18 * * 0',
  expireInSeconds: 30 * 60,
  async handler(scope) {
    return sendParentDigests(scope, new Date());
  },
});
