-- Walk-ins (people a day pass added) are not members until they join. The members list leaves
-- them out by default, so its index, newest first, also carries the walk-in flag (INCLUDE:
-- stored in the index, not part of its order): a search walking the newest members still reads
-- the index alone. Drizzle's schema cannot say INCLUDE: it keeps the index's name and key columns.
DROP INDEX IF EXISTS "members_business_created_idx";--> statement-breakpoint
CREATE INDEX "members_business_created_idx" ON "members" USING btree ("business_id","created_at","id") INCLUDE ("search_text","is_active","is_walk_in");--> statement-breakpoint
-- Walk-ins who already paid for a plan longer than 1 day (own or a group's cover) have joined:
-- members from their first such subscription (their visits and payments stay theirs), with an
-- entry in the trail for each.
CREATE TEMPORARY TABLE "walk_ins_joined" ON COMMIT DROP AS
SELECT DISTINCT ON (s."member_id") s."member_id", s."business_id", s."id" AS "subscription_id",
  s."payment_id", s."created_at" AS "joined_at", p."name" AS "plan_name"
FROM "subscriptions" s
JOIN "plans" p ON p."id" = s."subscription_type_id"
JOIN "members" m ON m."id" = s."member_id" AND m."business_id" = s."business_id"
WHERE m."is_walk_in" AND s."is_active" AND NOT (p."duration" = 1 AND p."duration_type" = 'day')
ORDER BY s."member_id", s."created_at", s."id";--> statement-breakpoint
UPDATE "members" m SET "is_walk_in" = false, "created_at" = j."joined_at", "updated_at" = now()
FROM "walk_ins_joined" j WHERE m."id" = j."member_id";--> statement-breakpoint
INSERT INTO "audit_entries" ("business_id", "actor_kind", "action", "record_kind", "record_id",
  "record_label", "member_id", "payment_id", "detail")
SELECT j."business_id", 'system', 'member.join', 'member', m."id",
  left(trim(m."first_name" || ' ' || m."last_name") || ' (' || m."member_id" || ')', 200), m."id",
  j."payment_id", jsonb_build_object('plan', j."plan_name", 'subscription_id', j."subscription_id")
FROM "walk_ins_joined" j JOIN "members" m ON m."id" = j."member_id"
ORDER BY j."member_id";
