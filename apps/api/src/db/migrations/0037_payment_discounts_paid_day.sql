-- A payment may carry a discount (kobo taken off the price, the percent as given, the reason)
-- and says where its day comes from: the day it reached the server, an offline desk's time, or
-- an earlier day an owner or admin entered. The owner decides whether staff see revenue totals
-- and whether they may give discounts.
ALTER TABLE "businesses" ADD COLUMN "staff_see_revenue" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "staff_give_discounts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_bp" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_on_source" varchar(8) DEFAULT 'recorded' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_discount_check" CHECK ("payments"."discount_kobo" >= 0 and "payments"."amount_kobo" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_paid_on_source_check" CHECK ("payments"."paid_on_source" in ('recorded', 'offline', 'entered'));--> statement-breakpoint
-- Payments an offline desk sent later keep their desk time apart from their arrival.
UPDATE "payments" SET "paid_on_source" = 'offline' WHERE "recorded_at" <> "created_at";--> statement-breakpoint
-- record_payment takes the discount and the day's source (a changed argument list is a new
-- function: the old one goes; db/functions/ creates the new one after the migrations).
DROP FUNCTION IF EXISTS "record_payment"(integer, integer, integer, integer, bigint, varchar, varchar, varchar, integer, date, integer[], varchar, timestamptz, varchar);
