-- ADR 022: a review updates the card's memory in place (a HOT update: no index entries, less
-- write-ahead log, no bloat) when no indexed column changes and the page has room. Every review changes
-- `due`, so its index goes (a pupil's due cards are read among their own rows, by the primary key), and each
-- page keeps a tenth free for the next version of its rows.
DROP INDEX "card_memory_user_due_idx";--> statement-breakpoint
ALTER TABLE "card_memory" SET (fillfactor = 90);
