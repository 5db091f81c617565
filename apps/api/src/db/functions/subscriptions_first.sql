-- A subscription is the member's first unless they have one before it (payments lock the member
-- row first, so two payments of one member never decide this at the same time). A withdrawn
-- subscription (its payment voided) does not count: the member is new as if it never was.
CREATE OR REPLACE FUNCTION "subscriptions_first"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."is_first" := NOT EXISTS (SELECT 1 FROM "subscriptions" s WHERE s."business_id" = NEW."business_id" AND s."member_id" = NEW."member_id" AND s."is_active");
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "subscriptions_first" BEFORE INSERT ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "subscriptions_first"();
