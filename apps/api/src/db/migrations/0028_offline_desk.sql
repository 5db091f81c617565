-- The offline desk. A queued action reaches the server with the time the desk really took it:
-- a payment keeps that time (recorded_at; created_at stays its arrival, which receipt numbers
-- follow; existing payments were recorded when they arrived). The desk keeps a copy of the
-- members (the roster): each member carries the transaction that last changed what the copy
-- shows (roster_tx, kept by the triggers of db/functions/roster_*.sql) and deleted members
-- are kept as removals, so a device asks only for what changed after its cursor.
CREATE TABLE "roster_removals" (
	"business_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"roster_tx" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "roster_tx" bigint DEFAULT pg_current_xact_id()::text::bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payments" SET "recorded_at" = "created_at";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "recorded_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "recorded_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "roster_removals_business_tx_idx" ON "roster_removals" USING btree ("business_id","roster_tx","member_id");--> statement-breakpoint
CREATE INDEX "members_business_roster_idx" ON "members" USING btree ("business_id","roster_tx","id");--> statement-breakpoint
-- Both functions take the desk's time now (a changed argument list is a new function: the old
-- ones go; db/functions/ creates the new ones after the migrations).
DROP FUNCTION IF EXISTS "record_payment"(integer, integer, integer, integer, bigint, varchar, varchar, varchar, integer, date, integer[], varchar);--> statement-breakpoint
DROP FUNCTION IF EXISTS "kora_check_in"(integer, integer, timestamptz, text, boolean, boolean, varchar, varchar, timestamptz, integer, integer, varchar, varchar, varchar, integer);
