import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { contentEntries } from '#app/db/schema/content.ts';
import {
  isEntryLink,
  type ContentEntry,
  type ContentPort,
  type EntryCollection,
  type EntryQuery,
} from './port.ts';

const SEGMENT = /^[A-Za-z0-9_]+$/;
const MAX_LIMIT = 1000;
const MAX_INCLUDE = 10;

type Row = typeof contentEntries.$inferSelect;

function toEntry(row: Row): ContentEntry {
  return {
    sys: {
      id: row.id,
      contentType: row.contentType,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
    fields: row.fields,
  };
}

/** `fields.category.sys.id` → SQL text of that JSON path; rejects anything but plain segments. */
function fieldPath(path: string): SQL {
  const [root, ...rest] = path.split('.');
  if (root === 'sys') {
    if (rest.length !== 1) throw new Error(`Unsupported sys path: ${path}`);
    switch (rest[0]) {
      case 'id':
        return sql`${contentEntries.id}`;
      case 'createdAt':
        return sql`${contentEntries.createdAt}`;
      case 'updatedAt':
        return sql`${contentEntries.updatedAt}`;
      default:
        throw new Error(`Unsupported sys path: ${path}`);
    }
  }
  if (root !== 'fields' || rest.length === 0 || !rest.every((s) => SEGMENT.test(s))) {
    throw new Error(`Unsupported field path: ${path}`);
  }
  return sql`(${contentEntries.fields} #>> ${`{${rest.join(',')}}`}::text[])`;
}

const LINKED_TYPE = /^fields\.([A-Za-z0-9_]+)\.sys\.contentType\.sys\.id$/;
const LINKED_FIELD = /^fields\.([A-Za-z0-9_]+)\.fields\.([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)$/;

/**
 * A filter as the delivery API reads it: `fields.x` / `fields.x.sys.id` on
 * the entry itself, or, on the entry a link field points to,
 * `fields.link.sys.contentType.sys.id` and `fields.link.fields.y` (searching
 * on a linked entry's fields).
 */
function whereCondition(path: string, value: string): SQL {
  const linkedType = LINKED_TYPE.exec(path);
  const linkedField = linkedType ? null : LINKED_FIELD.exec(path);
  const link = linkedType?.[1] ?? linkedField?.[1];
  if (!link) return sql`${fieldPath(path)} = ${value}`;
  const linkId = sql`(${contentEntries.fields} #>> ${`{${link},sys,id}`}::text[])`;
  const match = linkedType
    ? sql`linked.content_type = ${value}`
    : sql`(linked.fields #>> ${`{${linkedField![2]!.split('.').join(',')}}`}::text[]) = ${value}`;
  return sql`exists (select 1 from content_entries linked where linked.id = ${linkId} and ${match})`;
}

/** The local adapter: entries live in our own database (`content_entries`). */
export function createLocalContentAdapter(db: Db): ContentPort {
  async function resolveLinks(entries: ContentEntry[], depth: number): Promise<void> {
    let frontier = entries;
    const seen = new Map<string, ContentEntry>(entries.map((e) => [e.sys.id, e]));
    for (let level = 0; level < depth && frontier.length > 0; level++) {
      const wanted = new Set<string>();
      const visit = (value: unknown): void => {
        if (Array.isArray(value)) value.forEach(visit);
        else if (isEntryLink(value)) wanted.add(value.sys.id);
      };
      for (const entry of frontier) Object.values(entry.fields).forEach(visit);
      const missing = [...wanted].filter((id) => !seen.has(id));
      const rows = missing.length
        ? await db.select().from(contentEntries).where(inArray(contentEntries.id, missing))
        : [];
      const fetched = rows.map(toEntry);
      for (const e of fetched) seen.set(e.sys.id, e);
      const replace = (value: unknown): unknown => {
        if (Array.isArray(value)) return value.map(replace).filter((v) => v !== undefined);
        if (isEntryLink(value)) return seen.get(value.sys.id);
        return value;
      };
      for (const entry of frontier) {
        for (const [key, value] of Object.entries(entry.fields)) {
          if (Array.isArray(value) || isEntryLink(value)) entry.fields[key] = replace(value);
        }
      }
      frontier = fetched;
    }
  }

  return {
    kind: 'local',
    async getEntries<F>(query: EntryQuery): Promise<EntryCollection<F>> {
      const limit = Math.min(Math.max(query.limit ?? 100, 0), MAX_LIMIT);
      const skip = Math.max(query.skip ?? 0, 0);
      const include = Math.min(Math.max(query.include ?? 1, 0), MAX_INCLUDE);
      const conditions: SQL[] = [eq(contentEntries.contentType, query.contentType)];
      for (const [path, value] of Object.entries(query.where ?? {})) {
        conditions.push(whereCondition(path, String(value)));
      }
      const where = and(...conditions);
      const orderBy: SQL[] = [];
      if (query.order) {
        const descending = query.order.startsWith('-');
        const expr = fieldPath(descending ? query.order.slice(1) : query.order);
        orderBy.push(descending ? desc(expr) : asc(expr));
      }
      orderBy.push(asc(contentEntries.id));
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(contentEntries)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(skip),
        db.select({ total: count() }).from(contentEntries).where(where),
      ]);
      const items = rows.map(toEntry);
      await resolveLinks(items, include);
      return { items: items as ContentEntry<F>[], total: totals[0]?.total ?? 0, skip, limit };
    },
  };
}
