-- The order centre's keyword words are looked for in the title, the city and the venue (展馆地址;
-- docs/marketplace.md § searchList). One text of the three, joined by a newline that no search
-- word can hold (a word never matches across two fields); immutable, so the keyword indexes are
-- built on it, replacing the title-only ones.
CREATE OR REPLACE FUNCTION zl_search_text(title text, city text, addr text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT title || E'\n' || city || E'\n' || addr $$;--> statement-breakpoint
DROP INDEX "projects_title_trgm_idx";--> statement-breakpoint
DROP INDEX "projects_title_bigram_idx";--> statement-breakpoint
CREATE INDEX "projects_search_trgm_idx" ON "projects" USING gin (zl_search_text("title", "city", "addr") gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "projects_search_bigram_idx" ON "projects" USING gin (zl_bigrams(zl_search_text("title", "city", "addr"))) WITH (fastupdate=off);
