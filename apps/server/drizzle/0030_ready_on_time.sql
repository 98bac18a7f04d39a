CREATE TABLE "platform_marks" (
	"key" varchar(40) PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- from this deployment on, the on-time rate counts 展台就绪 for projects whose build-in starts later (docs/site.md "On time")
INSERT INTO "platform_marks" ("key") VALUES ('ready_on_time') ON CONFLICT DO NOTHING;
