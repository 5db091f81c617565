-- A walk-in (a day pass added them) joins when a subscription of a plan longer than 1 day is
-- written for them, whichever way: a desk or online payment, a group plan's cover, an import.
-- From then on they are a member, counted from that moment (created_at: the members list shows
-- them first, the dashboard as new this month), their visits and payments kept; the trail says
-- so in the same transaction (the payment's own entry names who took it).
CREATE OR REPLACE FUNCTION "members_walk_in_join"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "plan_name" varchar;
  "label" varchar;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "members" m WHERE m."id" = NEW."member_id" AND m."is_walk_in") THEN
    RETURN NULL;
  END IF;
  SELECT p."name" INTO "plan_name" FROM "plans" p
  WHERE p."id" = NEW."subscription_type_id" AND NOT (p."duration" = 1 AND p."duration_type" = 'day');
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  UPDATE "members" m SET "is_walk_in" = false, "created_at" = now(), "updated_at" = now()
  WHERE m."id" = NEW."member_id" AND m."business_id" = NEW."business_id" AND m."is_walk_in"
  RETURNING left(trim(m."first_name" || ' ' || m."last_name") || ' (' || m."member_id" || ')', 200)
  INTO "label";
  IF FOUND THEN
    INSERT INTO "audit_entries" ("business_id", "actor_kind", "action", "record_kind", "record_id",
      "record_label", "member_id", "payment_id", "detail")
    VALUES (NEW."business_id", 'system', 'member.join', 'member', NEW."member_id", "label",
      NEW."member_id", NEW."payment_id",
      jsonb_build_object('plan', "plan_name", 'subscription_id', NEW."id"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "members_walk_in_join" AFTER INSERT ON "subscriptions" FOR EACH ROW WHEN (NEW."is_active") EXECUTE FUNCTION "members_walk_in_join"();
