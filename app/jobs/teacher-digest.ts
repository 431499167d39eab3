/**
 * The teachers' weekly mail (issue 31, opt-in): Monday 07:00 Amsterdam time, per class who fell behind and
 * which assignments are open. Idempotent: once in 6 days per teacher, the mail's job key is the teacher and week.
 */
import { sendTeacherMails } from '#app/modules/classes/index.server.ts';
import { defineJob } from './define.ts';

export const teacherDigestJob = defineJob({
  name: 'teacher-digest',
  schedule: '0 7 * * 1',
  expireInSeconds: 30 * 60,
  async handler(scope) {
    return sendTeacherMails(scope, new Date());
  },
});
