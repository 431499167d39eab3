-- Issue 34 item 7 (docs/buddy.md): the exam buddy ranks a subject's cards and idioms itself (BM25F over Dutch
-- stems, formulas kept whole and the subject's synonyms), so the stored full-text documents of cards and idioms
-- (0012) are no longer read. Each subject's buddy keeps its synonym groups from content/study/*.json.
ALTER TABLE "chatbots" ADD COLUMN "synonyms" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "cards_search_idx";
--> statement-breakpoint
ALTER TABLE "cards" DROP COLUMN IF EXISTS "search_document";
--> statement-breakpoint
DROP INDEX IF EXISTS "idiom_entries_search_idx";
--> statement-breakpoint
ALTER TABLE "idiom_entries" DROP COLUMN IF EXISTS "search_document";
