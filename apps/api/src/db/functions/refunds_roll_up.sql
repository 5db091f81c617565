-- A refund takes its amount off the figures of the Lagos day it was made (`refunded_on`), under
-- the payment's plan and the refund's own method (the way the money went back); the payments'
-- count does not change. A refund of a closed day changes that day's roll-up at once, in the
-- refund's transaction; refunds of open days (today) are read live.
CREATE OR REPLACE FUNCTION "refunds_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed date := (SELECT "closed_through" FROM "payment_rollup_state" WHERE "id" = 1);
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD."business_id", OLD."refunded_on", OLD."subscription_type_id", OLD."method", OLD."amount_kobo")
      IS NOT DISTINCT FROM (NEW."business_id", NEW."refunded_on", NEW."subscription_type_id", NEW."method", NEW."amount_kobo") THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD."refunded_on" <= closed THEN
    PERFORM "payment_days_add"(OLD."business_id", OLD."refunded_on", OLD."subscription_type_id", OLD."method", 0, OLD."amount_kobo", 0, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."refunded_on" <= closed THEN
    PERFORM "payment_days_add"(NEW."business_id", NEW."refunded_on", NEW."subscription_type_id", NEW."method", 0, -NEW."amount_kobo", 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "refunds_roll_up" AFTER INSERT OR DELETE OR UPDATE ON "refunds" FOR EACH ROW EXECUTE FUNCTION "refunds_roll_up"();
