/**
 * Who owns a row, whatever its owner column is called (ADR 019, docs/caches.md): every column that refers to
 * users(id), `user_id` or not, either raises its user's data version through the trigger of migrations 0020,
 * 0022 and 0024 (so the views kept of that user go stale the moment it changes), or is named below with the
 * reason it need not. Read from the database catalog: a new owner column, a renamed one or a trigger naming a
 * column that is not there fails here.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSubjectsSchema } from '#app/modules/checks/schemas/subjects.ts';
import { demoLicenseCode } from '#server/seed/demo-data.ts';
import { type Caller, newUser, recordMails } from './accounts.ts';
import { answered, apiClient } from './http.ts';
import { createTestRuntime, dataVersionOf, rowsOf, type TestRuntime } from './test-db.ts';

/**
 * The owner columns (`table.column`, referring to users(id)) that do not raise the version, each for its
 * reason. Every other one must.
 */
const NOT_RAISING: Record<string, string> = {
  'user_data_versions.user_id': 'the version itself',
  'sessions.user_id': 'read on every request, never part of a view',
  'accounts.user_id': 'sign-in credentials (Better Auth), never part of a view',
  'carts.user_id': 'the cart is read on every request, never part of a view',
  'orders.user_id':
    'orders are read fresh by the account pages and the orders API, which are never kept; what a paid order ' +
    'unlocks is subject_access, which raises it',
  'license_codes.redeemed_by':
    'a redeemed code is read by the account pages and the owned-products API, which are never kept; what it ' +
    'unlocks is subject_access and user_subjects, which raise it (tested below)',
  'pupil_topic_summaries.user_id':
    'derived from the pupil’s own data (a refresh job writes it after their review); read only by their ' +
    'teachers’ and parents’ pages, which are never kept',
  'pupil_subject_summaries.user_id': 'derived, like pupil_topic_summaries',
  'classes.created_by': 'who made a class; the class pages are never kept, its members’ rows raise it',
  'class_members.decided_by': 'the teacher who let a pupil in or took them out; the pupil’s own row raises theirs',
  'class_licenses.redeemed_by': 'the teacher who redeemed a class licence; read only by the class pages, never kept',
  'parent_links.parent_id':
    'the parent of a link; their children page is never kept, and accepting touches their own row (users.id), ' +
    'which raises their version for the area home’s "Mijn kinderen"',
  'assignments.created_by': 'the teacher who gave an assignment; the pupils’ status rows raise theirs',
  'teacher_mail_settings.user_id': 'the teacher’s weekly mail switch; read only by "Mijn klassen", never kept',
  'class_seats.user_id': 'a seat is read only by the class pages; what it gives is subject_access, which raises it',
  'two_factors.user_id': 'the TOTP secret (Better Auth), never part of a view',
  'staff_members.invited_by': 'who invited a staff member; read only by the back office, never kept',
  'staff_invitations.invited_by': 'the admin who invited; read only by the back office, never kept',
  'refunds.staff_user_id': 'the staff member who refunded an order; read only by the back office, never kept',
  'staff_invitations.accepted_by': 'who accepted an invitation; read only by the back office, never kept',
  'license_code_batches.created_by': 'the staff member who generated a batch; read only by the back office, never kept',
  'exam_data_versions.proposed_by':
    'the staff member who proposed a version of exam data; read only by the back office',
  'exam_data_versions.decided_by': 'the staff member who approved or rejected it; read only by the back office',
  'study_content_drafts.uploaded_by':
    'the staff member who uploaded a subject’s study content; read only by the back office',
  'study_content_drafts.published_by': 'the staff member who published it; read only by the back office',
  'study_content_drafts.discarded_by': 'the staff member who discarded it; read only by the back office',
  'license_code_events.staff_user_id':
    'the staff member who changed a code; read only by the back office, never kept (the revoke it records ' +
    'changes subject_access, which raises the redeemer’s version)',
};

/** The user's own row: its name, exam year, levels and onboarding are part of their views. */
const OWN_ROW = 'users.id';

let rt: TestRuntime;
const call = apiClient(() => rt);

const rows = <T>(query: SQL) => rowsOf<T>(rt.database.db, query);
const versionOf = (userId: string) => dataVersionOf(rt.database.db, userId);

interface VersionTrigger {
  table_name: string;
  definition: string;
  on_insert: boolean;
  on_update: boolean;
  on_delete: boolean;
  deferred: boolean;
}

/** The data-version triggers of the public tables, each with the owner column it names. */
async function versionTriggers(): Promise<(VersionTrigger & { owner: string })[]> {
  const triggers = await rows<VersionTrigger>(sql`
    select k.relname as table_name, pg_get_triggerdef(t.oid) as definition,
           (t.tgtype & 4) <> 0 as on_insert, (t.tgtype & 16) <> 0 as on_update, (t.tgtype & 8) <> 0 as on_delete,
           t.tgdeferrable and t.tginitdeferred as deferred
    from pg_trigger t
    join pg_class k on k.oid = t.tgrelid
    join pg_namespace n on n.oid = k.relnamespace
    join pg_proc p on p.oid = t.tgfoid
    where p.proname = 'bump_user_data_version' and n.nspname = 'public'
    order by k.relname`);
  return triggers.map((trigger) => {
    const column = /bump_user_data_version\('([^']*)'\)/.exec(trigger.definition)?.[1];
    return { ...trigger, owner: `${trigger.table_name}.${column ?? '(none)'}` };
  });
}

/** Every `table.column` of the public tables that refers to users(id). */
async function ownerColumns(): Promise<string[]> {
  const columns = await rows<{ owner: string }>(sql`
    select k.relname || '.' || a.attname as owner
    from pg_constraint c
    join pg_class k on k.oid = c.conrelid
    join pg_namespace n on n.oid = k.relnamespace
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and c.confrelid = 'public.users'::regclass and n.nspname = 'public'
    order by 1`);
  return columns.map((c) => c.owner);
}

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
});

afterAll(async () => {
  await rt?.close();
});

describe('the owner columns and the data version (migrations 0020, 0022, 0024)', () => {
  it('every column that refers to a user raises their version, but those named with their reason', async () => {
    const owners = await ownerColumns();
    const triggers = await versionTriggers();
    const raising = new Set(triggers.map((t) => t.owner));
    const missing = owners.filter((owner) => !raising.has(owner) && !(owner in NOT_RAISING));
    expect(missing, 'owner columns without the data-version trigger, nor a reason').toEqual([]);
    // The columns not named user_id are seen too (the catalog is read, not the column names).
    expect(owners).toContain('license_codes.redeemed_by');
    // The exceptions still exist (a renamed column would otherwise hide here), and none of them raises it.
    for (const owner of Object.keys(NOT_RAISING)) {
      expect(owners, owner).toContain(owner);
      expect(raising.has(owner), owner).toBe(false);
    }
  });

  it('every trigger names an owner column of its table, and fires on each change when it commits', async () => {
    const owners = new Set([...(await ownerColumns()), OWN_ROW]);
    const triggers = await versionTriggers();
    // A trigger naming a column that is not (or no longer) an owner would raise nothing, silently.
    expect(triggers.filter((t) => !owners.has(t.owner)).map((t) => t.definition)).toEqual([]);
    // One per table: a second would only move the version again for nothing.
    const tables = triggers.map((t) => t.table_name);
    expect(tables).toEqual([...new Set(tables)]);
    for (const trigger of triggers) {
      expect(trigger.deferred, `${trigger.owner}: deferred to the commit`).toBe(true);
      // The user's own row: a change to it; its insert has no views yet, and its delete takes the version along.
      const events = trigger.owner === OWN_ROW ? [false, true, false] : [true, true, true];
      expect([trigger.on_insert, trigger.on_update, trigger.on_delete], trigger.owner).toEqual(events);
    }
    expect(triggers.map((t) => t.owner)).toContain(OWN_ROW);
  });

  it('an owner column with another name raises the version too (the trigger reads the column it is given)', async () => {
    const mails = recordMails(rt);
    const owner = await newUser(rt, mails, 'eigenaar.owners@example.nl');
    const bystander = await newUser(rt, mails, 'omstander.owners@example.nl');
    const { db } = rt.database;
    // A table of its own schema (the catalog tests above read the public one), as a new table of a user's data
    // whose owner is not called user_id would be declared.
    await db.execute(sql`create schema owners_probe`);
    try {
      await db.execute(sql`create table owners_probe.notes (
        id serial primary key,
        written_by text not null references public.users (id) on delete cascade,
        body text not null)`);
      await db.execute(sql`create constraint trigger notes_data_version
        after insert or update or delete on owners_probe.notes deferrable initially deferred
        for each row execute function public.bump_user_data_version('written_by')`);
      const before = [await versionOf(owner.id), await versionOf(bystander.id)];
      await db.execute(sql`insert into owners_probe.notes (written_by, body) values (${owner.id}, 'eerste')`);
      expect(await versionOf(owner.id)).toBe(before[0]! + 1);
      await db.execute(sql`update owners_probe.notes set body = 'tweede' where written_by = ${owner.id}`);
      expect(await versionOf(owner.id)).toBe(before[0]! + 2);
      await db.execute(sql`delete from owners_probe.notes where written_by = ${owner.id}`);
      expect(await versionOf(owner.id)).toBe(before[0]! + 3);
      expect(await versionOf(bystander.id)).toBe(before[1]);
    } finally {
      await db.execute(sql`drop schema owners_probe cascade`);
    }
  });
});

describe('a write to an owner column that does not raise the version', () => {
  it('a redeemed licence code: what it unlocks raises it, so the kept subject list shows the access at once', async () => {
    const mails = recordMails(rt);
    const pupil: Caller = await newUser(rt, mails, 'code.owners@example.nl');
    const mySubjects = async () =>
      userSubjectsSchema.parse(await answered(await call(pupil, 'GET', '/users/me/subjects'))).subjects;
    // Asked twice with nothing changed: the same list.
    expect(await mySubjects()).toEqual([]);
    expect(await mySubjects()).toEqual([]);
    const before = await versionOf(pupil.id);
    const code = demoLicenseCode('SB-HAVO-BI-2027', 1);
    expect((await call(pupil, 'POST', '/users/me/licenses', { code })).status).toBe(200);
    expect(await versionOf(pupil.id)).toBeGreaterThan(before);
    expect(await mySubjects()).toEqual([
      expect.objectContaining({
        slug: 'biologie-havo',
        stream: expect.objectContaining({ userHasAccess: true, isLightStream: false }),
      }),
    ]);
  });
});
