ALTER TABLE "members" ALTER COLUMN "payout_name" SET DATA TYPE varchar(100);--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "payout_name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "payout_name" SET DATA TYPE varchar(100);