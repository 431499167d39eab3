/**
 * Parents (issue 31, ADR 025): a pupil invites a parent or carer by e-mail; the parent accepts with an account
 * of their own (consenting first when the pupil is under 16), follows several children, and sees per child
 * and subject "op schema" or "loopt achter" with a one-line reason, the minutes this week and the exam date —
 * no answers, and the child's grades page only when the child shares it with that parent. The pupil ends a
 * link whenever they like. A weekly mail (never with grades), which the parent switches off from the mail
 * itself. Being a parent is no role: any account with an accepted link follows that child.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Scope } from '#app/platform/server/deps.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import { BRAND } from '#app/platform/brand.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import { findPeople, finishOnboarding, getMe, touchUser } from '#app/modules/accounts/index.server.ts';
import { mySubjects } from '#app/modules/checks/index.server.ts';
import { formatExamDate } from '#app/modules/planner/index.ts';
import { pupilSummaries } from '#app/modules/planner/index.server.ts';
import { sharedGradesOf } from '#app/modules/study/index.server.ts';
import { queueSummaryRefresh } from '#app/platform/server/summary-refresh.ts';
import { CHILD_STATUS_LABELS, childSubjectStatus, MAX_PARENTS, READY_RECALL } from '../domain/guardians.ts';
import { GUARDIAN_MESSAGES } from '../domain/messages.ts';
import {
  acceptInvitation,
  endLink,
  findActiveLink,
  findInvitation,
  hasChildren,
  insertInvitation,
  listChildLinks,
  listDueDigests,
  listOpenLinksOfPupil,
  markDigestSent,
  setDigest,
  setLinkGradeShare,
  type ParentLinkRow,
} from '../db/links.server.ts';
import type { ChildView, ParentInviteInput, ParentLinkView } from '../schemas/guardians.ts';

export const GUARDIAN_REFUSAL_STATUS = {
  own_email: 400,
  already_invited: 409,
  too_many: 409,
  not_found: 404,
  invitation_unknown: 404,
  invitation_own: 409,
  consent: 400,
  digest_unknown: 404,
  not_accepted: 409,
} as const;
type Reason = keyof typeof GUARDIAN_REFUSAL_STATUS;
export interface GuardianRefusal<R extends Reason = Reason> {
  reason: R;
  message: string;
  field?: string;
}
const MESSAGE: Record<Reason, string> = {
  own_email: GUARDIAN_MESSAGES.OWN_EMAIL,
  already_invited: GUARDIAN_MESSAGES.ALREADY_INVITED,
  too_many: GUARDIAN_MESSAGES.TOO_MANY,
  not_found: GUARDIAN_MESSAGES.NOT_FOUND,
  invitation_unknown: GUARDIAN_MESSAGES.INVITATION_UNKNOWN,
  invitation_own: GUARDIAN_MESSAGES.INVITATION_OWN,
  consent: GUARDIAN_MESSAGES.CONSENT,
  digest_unknown: GUARDIAN_MESSAGES.DIGEST_UNKNOWN,
  not_accepted: GUARDIAN_MESSAGES.NOT_ACCEPTED,
};
const FIELD: Partial<Record<Reason, string>> = { own_email: 'email', already_invited: 'email', consent: 'consent' };
function guardianRefusal<R extends Reason>(reason: R): GuardianRefusal<R> {
  const field = FIELD[reason];
  return { reason, message: MESSAGE[reason], ...(field ? { field } : {}) };
}

/** Inviting parents, counted per pupil: a few parents, not a way to mail strangers. */
export const PARENT_INVITES = { name: 'parent-invite', points: 5, durationSeconds: 3600 } as const;

export const INVITATION_PATH = '/ouder/uitnodiging';
export const DIGEST_OFF_PATH = '/ouder/weekmail-uit';
export const CHILDREN_PATH = '/mijnslaagbundel/kinderen';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const firstName = (name: string) => name.trim().split(/\s+/, 1)[0] || 'je kind';

/** The weekly mail's switch-off token: the link's id, signed with the server's secret (nothing stored). */
export function digestToken(s: Pick<Scope, 'settings'>, linkId: number): string {
  const mac = createHmac('sha256', s.settings.cookieSecret).update(`parent-digest:${linkId}`).digest('base64url');
  return `${linkId}.${mac.slice(0, 32)}`;
}
function linkOfDigestToken(s: Pick<Scope, 'settings'>, token: string): number | null {
  const [id] = token.split('.', 1);
  const linkId = Number(id);
  if (!Number.isSafeInteger(linkId) || linkId < 1) return null;
  const expected = Buffer.from(digestToken(s, linkId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? linkId : null;
}

function linkView(row: ParentLinkRow, parentName: string | null): ParentLinkView {
  return {
    id: row.id,
    email: row.email,
    status: row.status === 'active' ? 'active' : 'invited',
    parentName,
    invitedAt: row.invitedAt.toISOString(),
    sharesGrades: row.status === 'active' && row.sharesGrades,
  };
}

/** GET /v1/users/me/parents and "Ouders": the pupil's invitations and linked parents. */
export async function listMyParents(s: Scope, userId: string): Promise<ParentLinkView[]> {
  const rows = await listOpenLinksOfPupil(s.db, userId);
  const people = new Map(
    (
      await findPeople(
        s.db,
        rows.flatMap((r) => (r.parentId ? [r.parentId] : [])),
      )
    ).map((p) => [p.id, p]),
  );
  return rows.map((row) => linkView(row, row.parentId ? firstName(people.get(row.parentId)?.name ?? '') : null));
}

/**
 * POST /v1/users/me/parents and "Ouder uitnodigen": the pupil invites a parent; the invitation goes by mail
 * with a link that works once. At most MAX_PARENTS open links; not the pupil's own address; counted per pupil.
 */
export async function inviteParent(
  s: Scope,
  user: UserView,
  input: ParentInviteInput,
): Promise<
  Result<
    { parent: ParentLinkView; message: string },
    GuardianRefusal | { reason: 'rate_limited'; message: string; retryAfterSeconds: number; field: string }
  >
> {
  const email = input.email.trim().toLowerCase();
  if (email === user.email.toLowerCase()) return refuse(guardianRefusal('own_email'));
  const open = await listOpenLinksOfPupil(s.db, user.id);
  if (open.some((row) => row.email === email)) return refuse(guardianRefusal('already_invited'));
  if (open.length >= MAX_PARENTS) return refuse(guardianRefusal('too_many'));
  const decision = await s.rateLimit?.consume(PARENT_INVITES, user.id);
  if (decision && !decision.allowed) {
    return refuse({
      reason: 'rate_limited',
      message: `Te veel uitnodigingen. Probeer het over ${Math.ceil(decision.retryAfterSeconds / 60)} minuten opnieuw.`,
      retryAfterSeconds: decision.retryAfterSeconds,
      field: 'email',
    });
  }
  const token = randomBytes(24).toString('base64url');
  const row = await insertInvitation(s.db, {
    userId: user.id,
    email,
    tokenHash: sha256(token),
    under16: input.under16 === true,
  });
  const child = firstName(user.name);
  const link = `${s.settings.publicUrl}${INVITATION_PATH}/${token}`;
  const text = [
    'Hallo,',
    '',
    `${child} nodigt je uit om de examenvoorbereiding bij ${BRAND.name} te volgen.`,
    `Je ziet dan per vak of ${child} op schema ligt voor de examendag, hoeveel minuten ${child} per week leert en`,
    `wanneer de examens zijn. Antwoorden en cijfers zie je niet, tenzij ${child} ze deelt.`,
    '',
    `Accepteer de uitnodiging met een eigen account: ${link}`,
    '',
    `Kende je deze uitnodiging niet? Dan kun je deze mail negeren; er gebeurt niets.`,
    '',
    'Groet,',
    `Het team van ${BRAND.name}`,
  ].join('\n');
  await s.jobs.enqueue('send-mail', { to: email, subject: `${child} nodigt je uit op ${BRAND.name}`, text });
  return ok({ parent: linkView(row, null), message: GUARDIAN_MESSAGES.INVITED(email) });
}

/** DELETE /v1/users/me/parents/{id} and "Koppeling beëindigen": the pupil ends a link (or withdraws an invitation). */
export async function endParentLink(
  s: Scope,
  userId: string,
  linkId: number,
): Promise<Result<{ message: string }, GuardianRefusal<'not_found'>>> {
  const parentId = await s.db.transaction(async (tx) => {
    const ended = await endLink(tx, userId, linkId);
    // The parent's views follow too (their area home stops offering "Mijn kinderen" for this child).
    if (ended) await touchUser(tx, ended);
    return ended;
  });
  if (parentId === false) return refuse(guardianRefusal('not_found'));
  return ok({ message: GUARDIAN_MESSAGES.ENDED });
}

/**
 * PUT /v1/users/me/parents/{id}/grade-share and "Deel mijn cijfers" on "Mijn ouders": the pupil shares their
 * grades page with the parent of a link, or stops. Only on an accepted link: an invitation's link works for
 * whoever opens it first, so the pupil shares once they see who accepted (an open invitation: not_accepted).
 * Not one of the pupil's open links: not found.
 */
export async function setParentGradeShare(
  s: Scope,
  user: UserView,
  linkId: number,
  share: boolean,
): Promise<Result<{ share: boolean; message: string }, GuardianRefusal<'not_found' | 'not_accepted'>>> {
  const parentId = await setLinkGradeShare(s.db, user.id, linkId, share);
  if (parentId === null) {
    const open = (await listOpenLinksOfPupil(s.db, user.id)).some((row) => row.id === linkId);
    return refuse(guardianRefusal(open ? 'not_accepted' : 'not_found'));
  }
  const [parent] = await findPeople(s.db, [parentId]);
  const name = parent?.name.trim() ? firstName(parent.name) : 'Je ouder';
  return ok({
    share,
    message: share ? GUARDIAN_MESSAGES.GRADES_SHARED(name) : GUARDIAN_MESSAGES.GRADES_UNSHARED(name),
  });
}

/** The invitation page: whose invitation it is and whether consent is asked; unknown or used: refused. */
export async function invitationFor(
  s: Scope,
  token: string,
): Promise<Result<{ childName: string; email: string; under16: boolean }, GuardianRefusal<'invitation_unknown'>>> {
  const row = token.length <= 64 ? await findInvitation(s.db, sha256(token)) : undefined;
  if (!row) return refuse(guardianRefusal('invitation_unknown'));
  const [child] = await findPeople(s.db, [row.userId]);
  return ok({ childName: firstName(child?.name ?? ''), email: row.email, under16: row.under16 });
}

/**
 * "Uitnodiging accepteren": the signed-in parent accepts; a pupil under 16 needs the parent's consent tick.
 * A new account made for it skips the pupils' onboarding. The child's summaries are computed for the page.
 */
export async function acceptParentInvitation(
  s: Scope,
  user: UserView,
  token: string,
  consent: boolean,
): Promise<Result<{ message: string }, GuardianRefusal<'invitation_unknown' | 'invitation_own' | 'consent'>>> {
  const row = token.length <= 64 ? await findInvitation(s.db, sha256(token)) : undefined;
  if (!row) return refuse(guardianRefusal('invitation_unknown'));
  if (row.userId === user.id) return refuse(guardianRefusal('invitation_own'));
  if (row.under16 && !consent) return refuse(guardianRefusal('consent'));
  const accepted = await s.db.transaction(async (tx) => {
    if (!(await acceptInvitation(tx, row.id, user.id, consent))) return false;
    // The parent's own views (the area home's "Mijn kinderen") follow: their version rises with their row.
    await touchUser(tx, user.id);
    if (!user.onboardingCompleted) {
      // Only the onboarding is skipped: what the account chose stays (a teacher stays a teacher).
      const { educationRole, profile, examYear, levels } = user;
      await finishOnboarding(tx, user.id, { educationRole, profile, examYear, levels });
    }
    return true;
  });
  if (!accepted) return refuse(guardianRefusal('invitation_unknown'));
  for (const subject of await mySubjects(s, row.userId)) queueSummaryRefresh(s, row.userId, subject.id);
  const [child] = await findPeople(s.db, [row.userId]);
  return ok({ message: GUARDIAN_MESSAGES.ACCEPTED(firstName(child?.name ?? '')) });
}

/** One child's subjects as their parent sees them (from the child's summaries: nothing computed here). */
async function childView(
  s: Scope,
  row: ParentLinkRow,
  name: string,
): Promise<Omit<ChildView, 'grades' | 'gradesShared'>> {
  const subjects = await mySubjects(s, row.userId);
  const views = await Promise.all(
    subjects.map(async (subject) => {
      const summary = (await pupilSummaries(s, [row.userId], subject.id)).get(row.userId) ?? null;
      const topics = summary ? [...summary.topics.values()] : [];
      const { status, reason } = childSubjectStatus(
        name,
        summary && {
          missing: summary.missing,
          recallExam: summary.recallExam,
          topicsBehind: topics.filter((t) => t.recallExam < READY_RECALL).length,
          topics: topics.length,
          minutesAll7d: summary.minutesAll7d,
          minutesAsked7d: summary.minutesAsked7d,
        },
      );
      return {
        id: subject.id,
        name: subject.name,
        status,
        label: CHILD_STATUS_LABELS[status],
        reason,
        examDate: summary?.examDate ?? null,
        minutesThisWeek: summary?.minutes7d ?? 0,
      };
    }),
  );
  return { name, subjects: views };
}

/**
 * GET /v1/users/me/children and "Mijn kinderen": every followed child, per subject, and the child's grades page
 * when the child shares it with this parent (the weekly mail never holds grades).
 */
export async function myChildren(s: Scope, user: UserView): Promise<{ children: ChildView[]; digest: boolean }> {
  const links = await listChildLinks(s.db, user.id);
  const people = new Map(
    (
      await findPeople(
        s.db,
        links.map((l) => l.userId),
      )
    ).map((p) => [p.id, p]),
  );
  const children = await Promise.all(
    links.map(async (l) => {
      const [view, grades] = await Promise.all([
        childView(s, l, firstName(people.get(l.userId)?.name ?? '')),
        l.sharesGrades ? sharedGradesOf(s, l.userId) : null,
      ]);
      return { ...view, gradesShared: l.sharesGrades, grades };
    }),
  );
  return { children, digest: links.some((l) => l.digest) };
}

/** Whether the user follows a child (the area home sends such an account without subjects of its own there). */
export const followsChildren = (s: Scope, userId: string) => hasChildren(s.db, userId);

/** "Wekelijkse mail" on the parent's page. */
export async function setMyDigest(s: Scope, user: UserView, on: boolean): Promise<{ message: string }> {
  await setDigest(s.db, user.id, on);
  return { message: on ? GUARDIAN_MESSAGES.DIGEST_ON : GUARDIAN_MESSAGES.DIGEST_OFF };
}

/** The weekly mail's own link: switches the mail off for every child of that parent, without signing in. */
export async function digestOff(
  s: Scope,
  token: string,
): Promise<Result<{ message: string }, GuardianRefusal<'digest_unknown'>>> {
  const linkId = token.length <= 64 ? linkOfDigestToken(s, token) : null;
  const link = linkId === null ? undefined : await findActiveLink(s.db, linkId);
  if (!link?.parentId) return refuse(guardianRefusal('digest_unknown'));
  await setDigest(s.db, link.parentId, false);
  return ok({ message: GUARDIAN_MESSAGES.DIGEST_OFF });
}

/**
 * The weekly mail (app/jobs/parent-digest.ts, Sunday evening): per parent one mail with each child's subjects,
 * and a link that switches it off. A link is mailed at most once in 6 days, whatever runs the job.
 */
export async function sendParentDigests(s: Scope, now = new Date()) {
  const due = await listDueDigests(s.db, new Date(now.getTime() - 6 * 86_400_000));
  const byParent = new Map<string, ParentLinkRow[]>();
  for (const row of due) if (row.parentId) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
  const people = new Map(
    (await findPeople(s.db, [...byParent.keys(), ...due.map((r) => r.userId)])).map((p) => [p.id, p]),
  );
  let mailed = 0;
  for (const [parentId, links] of byParent) {
    const parent = await getMe(s, parentId);
    if (!parent) continue;
    const blocks: string[] = [];
    for (const link of links) {
      const child = await childView(s, link, firstName(people.get(link.userId)?.name ?? ''));
      blocks.push(
        [
          `${child.name}`,
          ...(child.subjects.length === 0
            ? ['  Nog geen vakken gekozen.']
            : child.subjects.map(
                (subject) =>
                  `  ${subject.name}: ${subject.label}. ${subject.reason}` +
                  ` ${subject.minutesThisWeek} minuten deze week` +
                  (subject.examDate ? `, examen op ${formatExamDate(subject.examDate)}.` : '.'),
              )),
        ].join('\n'),
      );
    }
    const text = [
      `Hoi ${firstName(parent.name)},`,
      '',
      'Zo ging de examenvoorbereiding deze week:',
      '',
      blocks.join('\n\n'),
      '',
      `Meer zien: ${s.settings.publicUrl}${CHILDREN_PATH}`,
      `Deze mail niet meer ontvangen? ${s.settings.publicUrl}${DIGEST_OFF_PATH}/${digestToken(s, links[0]!.id)}`,
      '',
      'Groet,',
      `Het team van ${BRAND.name}`,
    ].join('\n');
    const week = `${now.getUTCFullYear()}-${Math.floor(now.getTime() / (7 * 86_400_000))}`;
    await s.jobs.enqueue(
      'send-mail',
      {
        to: parent.email,
        subject: `De week van ${links.length === 1 ? blocks[0]!.split('\n', 1)[0] : 'je kinderen'}`,
        text,
      },
      { key: `parent-digest:${parentId}:${week}` },
    );
    await markDigestSent(
      s.db,
      links.map((l) => l.id),
    );
    mailed += 1;
  }
  return { mailed };
}
