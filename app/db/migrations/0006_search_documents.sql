-- Site search documents stored with their rows (issue 6, item 6): ranking used to rebuild
-- every matching article's tsvector from its whole body per query (0005's expression index only
-- serves the match), and reading a title or date out of `fields` unpacked the whole article, which
-- was slow with 1,000 articles. Titles weigh most (A), then intros (B). The columns are generated
-- by PostgreSQL and not part of the Drizzle schema: nothing writes them.
ALTER TABLE "content_entries" ADD COLUMN IF NOT EXISTS "search_document" tsvector GENERATED ALWAYS AS (
  CASE WHEN "content_type" = 'article' THEN
    setweight(to_tsvector('dutch', coalesce("fields"->>'title', '')), 'A') ||
    setweight(to_tsvector('dutch', coalesce("fields"->>'intro', '')), 'B') ||
    to_tsvector('dutch', coalesce("fields"->>'body', ''))
  END
) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "content_articles_search_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_articles_search_idx" ON "content_entries" USING gin ("search_document") WHERE "content_type" = 'article';
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "search_document" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('dutch', "name"), 'A') || to_tsvector('dutch', "description")
) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "products_search_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_idx" ON "products" USING gin ("search_document");
--> statement-breakpoint
ALTER TABLE "content_entries" ADD COLUMN IF NOT EXISTS "search_title" text GENERATED ALWAYS AS (
  CASE WHEN "content_type" = 'article' THEN "fields"->>'title' END
) STORED;
--> statement-breakpoint
ALTER TABLE "content_entries" ADD COLUMN IF NOT EXISTS "search_published" text GENERATED ALWAYS AS (
  CASE WHEN "content_type" = 'article' THEN "fields"->>'publishDate' END
) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "content_articles_title_trgm_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_articles_title_trgm_idx" ON "content_entries" USING gin ("search_title" gin_trgm_ops) WHERE "content_type" = 'article';
