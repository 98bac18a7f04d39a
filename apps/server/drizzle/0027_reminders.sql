CREATE TABLE "reminders_sent" (
	"project_id" bigint NOT NULL,
	"subject" varchar(24) NOT NULL,
	"days" smallint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_project_id_subject_days_pk" PRIMARY KEY("project_id","subject","days")
);
--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;