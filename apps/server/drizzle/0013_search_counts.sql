CREATE UNLOGGED TABLE "search_counts" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"n" integer NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL
);
