CREATE TABLE "evaluations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"side" varchar(10) NOT NULL,
	"author_id" bigint NOT NULL,
	"target_id" bigint NOT NULL,
	"score" smallint,
	"quality" smallint,
	"service" smallint,
	"punctuality" smallint,
	"content" varchar(500) NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"revealed_at" timestamp with time zone,
	"reply" varchar(300) DEFAULT '' NOT NULL,
	"replied_at" timestamp with time zone,
	"change_requested_at" timestamp with time zone,
	"change_reason" varchar(200) DEFAULT '' NOT NULL,
	"change_used" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluations_side_known" CHECK ("evaluations"."side" in ('supplier', 'customer')),
	CONSTRAINT "evaluations_marks" CHECK (("evaluations"."side" = 'supplier' and "evaluations"."score" between 1 and 5 and "evaluations"."quality" is null)
        or ("evaluations"."side" = 'customer' and "evaluations"."score" is null and "evaluations"."quality" between 1 and 5
            and "evaluations"."service" between 1 and 5 and "evaluations"."punctuality" between 1 and 5))
);
--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_author_id_members_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_target_id_members_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evaluations_project_side_uq" ON "evaluations" USING btree ("project_id","side");--> statement-breakpoint
CREATE INDEX "evaluations_target_idx" ON "evaluations" USING btree ("target_id","side","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "evaluations_author_idx" ON "evaluations" USING btree ("author_id","created_at" DESC NULLS LAST);