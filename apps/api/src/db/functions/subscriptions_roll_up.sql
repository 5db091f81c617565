-- The member's cover (last day paid for) follows their subscriptions; a subscription written,
-- changed or removed for a closed day changes that day's roll-up (first subscriptions on the
-- payment's day, ended ones on their last day). A subscription without a payment (imported with
-- its member, or a group plan's cover of another member) still sets the member's cover, but no
-- payment-day figure: payments, first and ended subscriptions count what was bought in Kora, as
-- the daily close's joins on payments do.
CREATE OR REPLACE FUNCTION "subscriptions_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed date := (SELECT "closed_through" FROM "payment_rollup_state" WHERE "id" = 1);
  paid_day date;
  paid_method varchar;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT NEW."is_active" THEN
      RETURN NULL;
    END IF;
    INSERT INTO "member_cover" ("member_id", "business_id", "paid_through", "last_ended", "last_visit_at")
    VALUES (NEW."member_id", NEW."business_id", NEW."expiry_date",
      CASE WHEN NEW."expiry_date" <= closed THEN NEW."expiry_date" END,
      (SELECT m."last_visit_at" FROM "members" m WHERE m."id" = NEW."member_id"))
    ON CONFLICT ("member_id") DO UPDATE SET
      "paid_through" = greatest("member_cover"."paid_through", excluded."paid_through"),
      "last_ended" = greatest("member_cover"."last_ended", excluded."last_ended")
    WHERE "member_cover"."paid_through" < excluded."paid_through"
      OR excluded."last_ended" > coalesce("member_cover"."last_ended", '-infinity');
  ELSIF TG_OP = 'DELETE' OR OLD."expiry_date" IS DISTINCT FROM NEW."expiry_date" OR OLD."member_id" IS DISTINCT FROM NEW."member_id"
      OR OLD."is_active" IS DISTINCT FROM NEW."is_active" THEN
    PERFORM "member_cover_recount"(OLD."member_id", OLD."business_id", closed);
    IF TG_OP = 'UPDATE' AND OLD."member_id" IS DISTINCT FROM NEW."member_id" THEN
      PERFORM "member_cover_recount"(NEW."member_id", NEW."business_id", closed);
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD."business_id", OLD."expiry_date", OLD."subscription_type_id", OLD."payment_id", OLD."is_first", OLD."is_active")
      IS NOT DISTINCT FROM (NEW."business_id", NEW."expiry_date", NEW."subscription_type_id", NEW."payment_id", NEW."is_first", NEW."is_active") THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD."payment_id" IS NOT NULL AND OLD."is_active" THEN
    SELECT "paid_on", "method" INTO paid_day, paid_method FROM "payments" WHERE "id" = OLD."payment_id";
    IF OLD."is_first" AND paid_day <= closed THEN
      PERFORM "payment_days_add"(OLD."business_id", paid_day, OLD."subscription_type_id", paid_method, 0, 0, -1, 0);
    END IF;
    IF OLD."expiry_date" <= closed THEN
      PERFORM "payment_days_add"(OLD."business_id", OLD."expiry_date", OLD."subscription_type_id", paid_method, 0, 0, 0, -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."payment_id" IS NOT NULL AND NEW."is_active" AND (NEW."is_first" OR NEW."expiry_date" <= closed) THEN
    SELECT "paid_on", "method" INTO paid_day, paid_method FROM "payments" WHERE "id" = NEW."payment_id";
    IF NEW."is_first" AND paid_day <= closed THEN
      PERFORM "payment_days_add"(NEW."business_id", paid_day, NEW."subscription_type_id", paid_method, 0, 0, 1, 0);
    END IF;
    IF NEW."expiry_date" <= closed THEN
      PERFORM "payment_days_add"(NEW."business_id", NEW."expiry_date", NEW."subscription_type_id", paid_method, 0, 0, 0, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "subscriptions_roll_up" AFTER INSERT OR DELETE OR UPDATE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "subscriptions_roll_up"();
