/**
 * The teachers' weekly mail (issue 31, opt-in on "Mijn klassen"): per class of this school year and subject,
 * who fell behind (by topic and by effort) and which assignments are still open for how many pupils. From the
 * same dashboard and assignment views the pages show.
 */
import type { Scope } from '#app/platform/server/deps.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import { getMe } from '#app/modules/accounts/index.server.ts';
import { BRAND } from '#app/platform/brand.ts';
import { AREA_PATHS } from '#app/platform/area-paths.ts';
import { listTaughtClasses } from '../db/classes.server.ts';
import { listDueTeacherMails, markTeacherMailSent, setWeeklyMail, weeklyMailOn } from '../db/teacher-mail.server.ts';
import { isArchived } from '../domain/classes.ts';
import { CLASS_MESSAGES } from '../domain/messages.ts';
import { listAssignments } from './assignments.server.ts';
import { classDashboard } from './dashboard.server.ts';

export const teacherWeeklyMail = (s: Scope, user: UserView) => weeklyMailOn(s.db, user.id);

/** "Wekelijkse mail" on a teacher's "Mijn klassen". */
export async function setTeacherWeeklyMail(s: Scope, user: UserView, on: boolean): Promise<{ message: string }> {
  await setWeeklyMail(s.db, user.id, on);
  return { message: on ? CLASS_MESSAGES.WEEKLY_ON : CLASS_MESSAGES.WEEKLY_OFF };
}

/** One teacher's mail text; null when they have no class of this school year. */
async function teacherMailText(s: Scope, user: UserView, now: Date): Promise<string | null> {
  const classes = (await listTaughtClasses(s.db, user.id)).filter((c) => !isArchived(c.schoolYear, now));
  if (classes.length === 0) return null;
  const blocks: string[] = [];
  for (const c of classes) {
    const lines = [`${c.name}`];
    const first = await classDashboard(s, user, c.id, undefined, now);
    const subjects = first.ok ? first.value.class.subjects : [];
    for (const subject of subjects) {
      const dashboard =
        first.ok && first.value.subject?.id === subject.id
          ? first
          : await classDashboard(s, user, c.id, subject.id, now);
      if (!dashboard.ok) continue;
      const d = dashboard.value;
      const behind = d.pupils.filter((p) => p.status === 'behind');
      lines.push(
        `  ${subject.name}: ${d.pupils.length - behind.length} van de ${d.pupils.length} leerlingen op schema voor de examendag.`,
      );
      for (const topic of d.behindByTopic.slice(0, 3)) {
        lines.push(`    ${topic.name}: ${topic.pupils.map((p) => p.name).join(', ')}`);
      }
      if (d.behindByEffort.length > 0) {
        lines.push(
          `    Weinig geleerd deze week: ${d.behindByEffort.map((p) => `${p.name} (${p.minutes} min)`).join(', ')}`,
        );
      }
    }
    const assignments = await listAssignments(s, user, c.id, now);
    for (const a of assignments.ok ? assignments.value : []) {
      const open = a.counts.not_started + a.counts.busy + a.counts.reopened;
      if (open > 0) lines.push(`  Opdracht open voor ${open} leerling${open === 1 ? '' : 'en'}: ${a.title}`);
    }
    blocks.push(lines.join('\n'));
  }
  return [
    `Hoi ${user.name.trim().split(/\s+/, 1)[0]},`,
    '',
    'Zo staan je klassen ervoor aan het begin van deze week:',
    '',
    blocks.join('\n\n'),
    '',
    `Alles per leerling en onderwerp: ${s.settings.publicUrl}${AREA_PATHS.classes}`,
    `Deze mail uitzetten kan onderaan die pagina.`,
    '',
    'Groet,',
    `Het team van ${BRAND.name}`,
  ].join('\n');
}

/** The weekly job (app/jobs/teacher-digest.ts): each teacher who asked for it, once a week. */
export async function sendTeacherMails(s: Scope, now = new Date()) {
  let mailed = 0;
  for (const userId of await listDueTeacherMails(s.db, new Date(now.getTime() - 6 * 86_400_000))) {
    const user = await getMe(s, userId);
    if (!user || user.educationRole !== 'teacher') continue;
    const text = await teacherMailText(s, user, now);
    if (text) {
      const week = Math.floor(now.getTime() / (7 * 86_400_000));
      await s.jobs.enqueue(
        'send-mail',
        { to: user.email, subject: 'Je klassen deze week', text },
        { key: `teacher-mail:${userId}:${week}` },
      );
      mailed += 1;
    }
    await markTeacherMailSent(s.db, userId);
  }
  return { mailed };
}
