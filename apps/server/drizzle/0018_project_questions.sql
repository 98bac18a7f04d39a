CREATE TABLE "project_questions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"supplier_id" bigint,
	"content" varchar(500) NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "project_questions_published" CHECK (("project_questions"."supplier_id" is null and "project_questions"."answer" is null and "project_questions"."published_at" is not null)
          or ("project_questions"."supplier_id" is not null and ("project_questions"."answer" is null) = ("project_questions"."published_at" is null)))
);
--> statement-breakpoint
ALTER TABLE "project_questions" ADD CONSTRAINT "project_questions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_questions" ADD CONSTRAINT "project_questions_supplier_id_members_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_questions_project_idx" ON "project_questions" USING btree ("project_id","id");