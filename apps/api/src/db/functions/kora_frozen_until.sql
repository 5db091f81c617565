-- The last frozen day of the member's approved freeze covering `in_day` (a Lagos day), or null:
-- what the check-in verdict reads as "Frozen until 14 March". A freeze ended early keeps the
-- days it really froze (its end moved to the day before the member came back). One probe of
-- freezes (business_id, member_id, start_date).
CREATE OR REPLACE FUNCTION "kora_frozen_until"("in_business" integer, "in_member" integer, "in_day" date)
RETURNS date LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT max(f."end_date") FROM "freezes" f
  WHERE f."business_id" = "in_business" AND f."member_id" = "in_member"
    AND f."status" IN ('approved', 'ended')
    AND f."start_date" <= "in_day" AND f."end_date" >= "in_day");
END $$;
