-- Site search (issue 6, item 6): Dutch full-text search plus trigram similarity for typos,
-- over products and the articles of the content service (app/db/queries/search.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_idx" ON "products" USING gin (to_tsvector('dutch', "name" || ' ' || "description"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_articles_search_idx" ON "content_entries" USING gin (to_tsvector('dutch', coalesce("fields"->>'title', '') || ' ' || coalesce("fields"->>'intro', '') || ' ' || coalesce("fields"->>'body', ''))) WHERE "content_type" = 'article';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_articles_title_trgm_idx" ON "content_entries" USING gin (("fields"->>'title') gin_trgm_ops) WHERE "content_type" = 'article';
