ALTER TABLE "admins" ADD COLUMN "tries_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "tries_at" timestamp with time zone;