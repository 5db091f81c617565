ALTER TABLE "freezes" ADD COLUMN "fee_kobo" bigint;--> statement-breakpoint
ALTER TABLE "freezes" ADD COLUMN "fee_method" varchar(10);