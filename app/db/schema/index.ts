/**
 * Every table, for Drizzle Kit (drizzle.config.ts: migrations are generated from
 * this aggregate) and the demo seed. Each module declares its own tables in its
 * db/tables.ts; the platform's own tables (meta, rate limits, mail outbox, CMS
 * entries of the local content adapter) are declared here beside it.
 */
export * from '#app/modules/accounts/db/tables.ts';
export * from '#app/modules/backoffice/db/tables.ts';
export * from '#app/modules/backoffice-study-content/db/tables.ts';
export * from '#app/modules/buddy/db/tables.ts';
export * from '#app/modules/calibration/db/tables.ts';
export * from '#app/modules/bundles/db/tables.ts';
export * from '#app/modules/cards/db/tables.ts';
export * from '#app/modules/catalog/db/tables.ts';
export * from '#app/modules/checks/db/tables.ts';
export * from '#app/modules/classes/db/tables.ts';
export * from '#app/modules/consent/db/tables.ts';
export * from '#app/modules/content/db/tables.ts';
export * from '#app/modules/exam-data/db/tables.ts';
export * from '#app/modules/grades/db/tables.ts';
export * from '#app/modules/guardians/db/tables.ts';
export * from '#app/modules/licenses/db/tables.ts';
export * from '#app/modules/newsletter/db/tables.ts';
export * from '#app/modules/planner/db/tables.ts';
export * from '#app/modules/refunds/db/tables.ts';
export * from '#app/modules/reviews/db/tables.ts';
export * from '#app/modules/shop/db/tables.ts';
export * from '#app/modules/demo-payments/db/tables.ts';
export * from '#app/modules/stock-notices/db/tables.ts';
export * from './content.ts';
export * from './mail.ts';
export * from './meta.ts';
export * from './rate-limits.ts';
