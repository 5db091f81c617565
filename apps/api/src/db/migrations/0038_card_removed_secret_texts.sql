ALTER TABLE "members" ALTER COLUMN "card_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_secret_idx" ON "outbox" USING btree ("created_at") WHERE secret;--> statement-breakpoint
-- Members erased before: their card goes (erasure had given them a new code nobody held).
UPDATE "members" SET "card_code" = NULL WHERE "erased_at" IS NOT NULL;--> statement-breakpoint
-- Sign-in codes already in the outbox: the text of those gone out is replaced now, the ones
-- still waiting are marked to be replaced once delivered.
UPDATE "outbox" SET "text" = '(one-time code, removed once delivered)', "html" = NULL
  WHERE "ref" LIKE 'portal-code:%' AND "status" <> 'pending';--> statement-breakpoint
UPDATE "outbox" SET "secret" = true WHERE "ref" LIKE 'portal-code:%' AND "status" = 'pending';
