DROP INDEX "projects_region_idx";--> statement-breakpoint
DROP INDEX "projects_group_idx";--> statement-breakpoint
CREATE INDEX "projects_status_region_idx" ON "projects" USING btree ("status","prov","city","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_status_prov_idx" ON "projects" USING btree ("status","prov","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_status_group_idx" ON "projects" USING btree ("status","groupid","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_title_bigram_idx" ON "projects" USING gin (zl_bigrams("title"));