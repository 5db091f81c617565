-- A member's cover for the check-in verdict: their active subscriptions (their own and those a
-- group plan gives them; cancelled ones left out), oldest first, as a JSON array of
-- {id, start_date, expiry_date, plan_name, covered_by} (`covered_by`: the group payer's full
-- name for a group-covered one). The check-in lookup reads it for each member it finds, and a
-- check-in reads it twice: before deciding the verdict and again once the member's row is
-- locked, so a payment recorded in between is noticed (the two texts differ). One probe of
-- subscriptions (business_id, member_id, …) per member. PL/pgSQL, not SQL: a SQL function that
-- cannot be inlined plans its query again in every statement that calls it, PL/pgSQL keeps the
-- plan for the connection's life.
CREATE OR REPLACE FUNCTION "kora_member_cover"("in_business" integer, "in_member" integer)
RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(json_agg(json_build_object(
    'id', s."id",
    'start_date', s."start_date",
    'expiry_date', s."expiry_date",
    'plan_name', p."name",
    'covered_by', CASE WHEN s."group_subscription_id" IS NOT NULL THEN (
      SELECT pm."first_name" || ' ' || pm."last_name" FROM "subscriptions" g
      JOIN "members" pm ON pm."id" = g."member_id" WHERE g."id" = s."group_subscription_id") END
  ) ORDER BY s."id"), '[]'::json)
  FROM "subscriptions" s JOIN "plans" p ON p."id" = s."subscription_type_id"
  WHERE s."business_id" = "in_business" AND s."member_id" = "in_member" AND s."is_active");
END $$;
