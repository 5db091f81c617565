-- A cash-up counts the drawer up to a receipt number, not up to a moment: receipt numbers are
-- given in the order payments are committed, so a payment still being written while a drawer is
-- counted falls in the next cash-up (by a moment it could fall in neither: stamped before the
-- count, committed after it). Cash-ups made so far count up to the last payment recorded before
-- them.
ALTER TABLE "cash_ups" ADD COLUMN "receipt_seq_through" integer;--> statement-breakpoint
UPDATE "cash_ups" c SET "receipt_seq_through" = coalesce((SELECT max(p."receipt_seq") FROM "payments" p
  WHERE p."business_id" = c."business_id" AND p."created_at" <= c."created_at"), 0);--> statement-breakpoint
ALTER TABLE "cash_ups" ALTER COLUMN "receipt_seq_through" SET NOT NULL;
