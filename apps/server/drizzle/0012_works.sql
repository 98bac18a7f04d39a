CREATE TABLE "designs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"title" varchar(40) NOT NULL,
	"style" varchar(20) NOT NULL,
	"area" integer NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" varchar(1000) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "designs_area_range" CHECK ("designs"."area" between 1 and 100000)
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"title" varchar(40) NOT NULL,
	"price_fen" bigint,
	"unit" varchar(10),
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content" varchar(5000) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_kind_price" CHECK (("services"."kind" = 'priced' and "services"."price_fen" between 1 and 100000000 and "services"."unit" is not null)
        or ("services"."kind" = 'text' and "services"."price_fen" is null and "services"."unit" is null))
);
--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "designs_member_title_uq" ON "designs" USING btree ("member_id","title");--> statement-breakpoint
CREATE INDEX "designs_member_idx" ON "designs" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "services_member_title_uq" ON "services" USING btree ("member_id","title");--> statement-breakpoint
CREATE INDEX "services_member_idx" ON "services" USING btree ("member_id","created_at" DESC NULLS LAST);