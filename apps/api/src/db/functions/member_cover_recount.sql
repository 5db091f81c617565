-- A member's cover (their last paid day and their last ended day) counted again from their
-- active subscriptions, after a subscription changed, was withdrawn or was removed; no active
-- subscription left removes it.
CREATE OR REPLACE FUNCTION "member_cover_recount"(member integer, business integer, closed date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  last_day date;
  ended date;
BEGIN
  SELECT max(s."expiry_date"), max(s."expiry_date") FILTER (WHERE s."expiry_date" <= closed)
  INTO last_day, ended FROM "subscriptions" s WHERE s."member_id" = member AND s."is_active";
  IF last_day IS NULL THEN
    DELETE FROM "member_cover" WHERE "member_id" = member;
  ELSE
    INSERT INTO "member_cover" ("member_id", "business_id", "paid_through", "last_ended", "last_visit_at")
    VALUES (member, business, last_day, ended,
      (SELECT m."last_visit_at" FROM "members" m WHERE m."id" = member))
    ON CONFLICT ("member_id") DO UPDATE SET "paid_through" = last_day, "last_ended" = ended;
  END IF;
END $$;
