import { sql } from 'drizzle-orm';

/** In an upsert's DO UPDATE: the value the conflicting insert proposed for `column` (`excluded.<column>`). */
export const excluded = (column: { name: string }) => sql.raw(`excluded."${column.name}"`);
