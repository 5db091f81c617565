-- A payment says what it paid for: 'plan' (periods of a plan and the subscription they bought,
-- every payment so far) or 'freeze_fee' (a plan's fee for freezing the member: no subscription,
-- no period, duration 0).
ALTER TABLE "payments" ADD COLUMN "kind" varchar(10) DEFAULT 'plan' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('plan', 'freeze_fee'));--> statement-breakpoint
-- record_payment takes the payment's kind (a changed argument list is a new function: the old
-- one goes; db/functions/ creates the new one after the migrations).
DROP FUNCTION IF EXISTS "record_payment"(integer, integer, integer, integer, bigint, varchar, varchar, varchar, integer, date, integer[], varchar, timestamptz);
