-- The roster (the desk's copy of the members) reads members changed after a device's cursor by
-- roster_tx. A change of what the copy shows (member ID, names, phone, picture, account, card)
-- stamps the member with the writing transaction; a change of the names also stamps the members
-- their group plans cover (their copy shows the payer's name). A visit moves last_visit_at
-- only, which this trigger does not watch: checking in adds no work here.
CREATE OR REPLACE FUNCTION "roster_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "tx" bigint;
BEGIN
  IF NEW."member_id" IS DISTINCT FROM OLD."member_id"
    OR NEW."first_name" IS DISTINCT FROM OLD."first_name"
    OR NEW."last_name" IS DISTINCT FROM OLD."last_name"
    OR NEW."mobile_number" IS DISTINCT FROM OLD."mobile_number"
    OR NEW."picture_url" IS DISTINCT FROM OLD."picture_url"
    OR NEW."is_active" IS DISTINCT FROM OLD."is_active"
    OR NEW."card_code" IS DISTINCT FROM OLD."card_code" THEN
    "tx" := pg_current_xact_id()::text::bigint;
    NEW."roster_tx" := "tx";
    IF NEW."first_name" IS DISTINCT FROM OLD."first_name"
      OR NEW."last_name" IS DISTINCT FROM OLD."last_name" THEN
      UPDATE "members" m SET "roster_tx" = "tx"
      FROM "subscriptions" c JOIN "subscriptions" g ON g."id" = c."group_subscription_id"
      WHERE g."member_id" = NEW."id" AND c."member_id" = m."id" AND m."id" <> NEW."id"
        AND m."roster_tx" <> "tx";
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "roster_member_changed" BEFORE UPDATE OF "member_id", "first_name", "last_name", "mobile_number", "picture_url", "is_active", "card_code" ON "members" FOR EACH ROW EXECUTE FUNCTION "roster_member_changed"();
