/**
 * The search copy of the content service's articles (ADR 007): site search
 * reads articles from our database, so with Contentful as content service its
 * articles are copied into `content_entries` every 10 minutes (and once when a
 * working copy starts, server/composition.ts). With the local adapter there is
 * nothing to copy. Idempotent: a retry or an overlapping run writes the same
 * rows; a failed listing throws (retried) and deletes nothing.
 */
import { syncSearchContent } from '#app/modules/content/index.server.ts';
import { defineJob } from './define.ts';

export const syncSearchContentJob = defineJob({
  name: 'sync-search-content',
  // Every 10 minutes, off the round minutes other cron jobs pick (:04, :14, …).
  schedule: '4-59/10 * * * *',
  async handler(scope) {
    return syncSearchContent(scope);
  },
});
