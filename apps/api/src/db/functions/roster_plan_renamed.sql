-- A plan renamed changes the desk's copy of every member holding one of its subscriptions (the
-- copy shows the plan's name): they are stamped with the renaming transaction (roster_tx).
CREATE OR REPLACE FUNCTION "roster_plan_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "tx" bigint;
BEGIN
  IF NEW."name" IS DISTINCT FROM OLD."name" THEN
    "tx" := pg_current_xact_id()::text::bigint;
    UPDATE "members" m SET "roster_tx" = "tx"
    WHERE m."business_id" = NEW."business_id" AND m."roster_tx" <> "tx"
      AND m."id" IN (SELECT s."member_id" FROM "subscriptions" s
        WHERE s."business_id" = NEW."business_id" AND s."subscription_type_id" = NEW."id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "roster_plan_renamed" AFTER UPDATE OF "name" ON "plans" FOR EACH ROW EXECUTE FUNCTION "roster_plan_renamed"();
