-- A subscription written, changed (voided, refunded, shortened) or deleted changes the desk's
-- copy of its member: the member is stamped with the writing transaction (roster_tx), so the
-- next roster sync carries their subscriptions again. A group plan's cover is a subscription of
-- the covered member, so they are stamped too. A payment already holds its members' rows.
CREATE OR REPLACE FUNCTION "roster_subscription_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "tx" bigint := pg_current_xact_id()::text::bigint;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    UPDATE "members" m SET "roster_tx" = "tx"
    WHERE m."id" = NEW."member_id" AND m."roster_tx" <> "tx";
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE "members" m SET "roster_tx" = "tx"
    WHERE m."id" = OLD."member_id" AND m."roster_tx" <> "tx";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "roster_subscription_changed" AFTER INSERT OR DELETE OR UPDATE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "roster_subscription_changed"();
