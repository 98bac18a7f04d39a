CREATE TABLE "showroom_cases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"title" varchar(60) NOT NULL,
	"descr" varchar(1000) DEFAULT '' NOT NULL,
	"faceimg" varchar(40) NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "showrooms" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"logo" varchar(40) DEFAULT '' NOT NULL,
	"banner" varchar(40) DEFAULT '' NOT NULL,
	"introduction" varchar(2000) DEFAULT '' NOT NULL,
	"scale" varchar(30) DEFAULT '' NOT NULL,
	"founded" smallint,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"specialities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact" varchar(60) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "showroom_cases" ADD CONSTRAINT "showroom_cases_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showrooms" ADD CONSTRAINT "showrooms_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "showroom_cases_member_title_uq" ON "showroom_cases" USING btree ("member_id","title");--> statement-breakpoint
CREATE INDEX "showroom_cases_member_created_idx" ON "showroom_cases" USING btree ("member_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);