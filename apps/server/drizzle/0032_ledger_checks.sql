CREATE TABLE "ledger_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ok" boolean NOT NULL,
	"problems" integer NOT NULL,
	"accounts" bigint NOT NULL,
	"transactions" bigint NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
