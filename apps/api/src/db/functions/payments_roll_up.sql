-- Payments written, changed or removed for a closed day change that day's roll-up at once (in
-- the writer's transaction). Payments of open days (today) are read live and touch nothing here.
-- A voided payment counts for nothing (no payment, no kobo), exactly as if it had never been
-- recorded; the subscriptions it bought are withdrawn in the same transaction, and their own
-- trigger takes their first and ended subscriptions out.
CREATE OR REPLACE FUNCTION "payments_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed date := (SELECT "closed_through" FROM "payment_rollup_state" WHERE "id" = 1);
  first integer;
  counted integer;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD."business_id", OLD."paid_on", OLD."subscription_type_id", OLD."method", OLD."amount_kobo", OLD."voided_at" IS NULL)
      IS NOT DISTINCT FROM (NEW."business_id", NEW."paid_on", NEW."subscription_type_id", NEW."method", NEW."amount_kobo", NEW."voided_at" IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD."paid_on" <= closed THEN
    first := (SELECT count(*) FROM "subscriptions" s WHERE s."payment_id" = OLD."id" AND s."is_first" AND s."is_active");
    counted := CASE WHEN OLD."voided_at" IS NULL THEN 1 ELSE 0 END;
    PERFORM "payment_days_add"(OLD."business_id", OLD."paid_on", OLD."subscription_type_id", OLD."method", -counted, -counted * OLD."amount_kobo", -first, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."paid_on" <= closed THEN
    -- On insert the subscription does not exist yet: its own trigger counts it as first.
    first := (SELECT count(*) FROM "subscriptions" s WHERE s."payment_id" = NEW."id" AND s."is_first" AND s."is_active");
    counted := CASE WHEN NEW."voided_at" IS NULL THEN 1 ELSE 0 END;
    PERFORM "payment_days_add"(NEW."business_id", NEW."paid_on", NEW."subscription_type_id", NEW."method", counted, counted * NEW."amount_kobo", first, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "payments_roll_up" AFTER INSERT OR DELETE OR UPDATE ON "payments" FOR EACH ROW EXECUTE FUNCTION "payments_roll_up"();
