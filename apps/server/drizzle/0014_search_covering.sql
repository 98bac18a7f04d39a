DROP INDEX "projects_status_region_idx";--> statement-breakpoint
DROP INDEX "projects_status_prov_idx";--> statement-breakpoint
CREATE INDEX "projects_status_region_idx" ON "projects" USING btree ("status","prov","city","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"groupid","biddl");--> statement-breakpoint
CREATE INDEX "projects_status_prov_idx" ON "projects" USING btree ("status","prov","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"groupid","biddl");--> statement-breakpoint
-- no pending list on the keyword indexes (the same indexes, not rebuilt); what is pending is merged now
ALTER INDEX "projects_title_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "projects_title_bigram_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('projects_title_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('projects_title_bigram_idx'::regclass);
