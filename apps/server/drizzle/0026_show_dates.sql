-- The show's hard dates (docs/show-dates.md): build-in and teardown windows, the filing deadline,
-- hall, booth and deposit. Existing projects get the defaults derived from sdate/edate (build-in
-- 08:00 two days before the show to 22:00 the day before; teardown 17:00–23:00 on the last day,
-- Asia/Shanghai = UTC+8, written as UTC here), and so does any row inserted without them (the
-- trigger below: the columns are NOT NULL with DEFAULT NULL, which only the trigger may fill).
ALTER TABLE "projects" ADD COLUMN "build_start" timestamp with time zone DEFAULT null;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "build_end" timestamp with time zone DEFAULT null;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "teardown_start" timestamp with time zone DEFAULT null;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "teardown_end" timestamp with time zone DEFAULT null;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "filing_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "hall" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "booth" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "deposit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "projects" SET
  "build_start" = ((("sdate" - 2) + time '08:00') - interval '8 hours') at time zone 'UTC',
  "build_end" = ((("sdate" - 1) + time '22:00') - interval '8 hours') at time zone 'UTC',
  "teardown_start" = (("edate" + time '17:00') - interval '8 hours') at time zone 'UTC',
  "teardown_end" = (("edate" + time '23:00') - interval '8 hours') at time zone 'UTC';--> statement-breakpoint
CREATE OR REPLACE FUNCTION zl_project_dates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.build_start IS NULL THEN
    NEW.build_start := (((NEW.sdate - 2) + time '08:00') - interval '8 hours') at time zone 'UTC';
  END IF;
  IF NEW.build_end IS NULL THEN
    NEW.build_end := (((NEW.sdate - 1) + time '22:00') - interval '8 hours') at time zone 'UTC';
  END IF;
  IF NEW.teardown_start IS NULL THEN
    NEW.teardown_start := ((NEW.edate + time '17:00') - interval '8 hours') at time zone 'UTC';
  END IF;
  IF NEW.teardown_end IS NULL THEN
    NEW.teardown_end := ((NEW.edate + time '23:00') - interval '8 hours') at time zone 'UTC';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER zl_project_dates BEFORE INSERT ON "projects" FOR EACH ROW EXECUTE FUNCTION zl_project_dates();--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "build_start" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "build_end" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "teardown_start" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "teardown_end" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "projects_status_build_idx" ON "projects" USING btree ("status","build_start","id");
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"token" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;
