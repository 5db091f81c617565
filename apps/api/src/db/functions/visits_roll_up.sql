-- Every visit recorded moves what the attendance figures read, in the visit's own transaction:
-- the member's last visit, on members and beside their cover (it only ever moves forward, so a
-- visit written late never takes it back), the member's visits per week (weeks start on Monday,
-- Lagos time) and the business's visits per Lagos day and hour. One statement per table whatever
-- the number of visits inserted (rows taken in key order and the tables always in this order, so
-- two writers never wait on each other in a circle). A check-in already holds its member's row
-- locked, so moving last_visit_at adds no wait there. A visit
-- written into a week before the week in progress (late) changes the complete weeks the At risk
-- rule compares: the business's falls of the weeks after it are forgotten, to be worked out again.
CREATE OR REPLACE FUNCTION "visits_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "members" m SET "last_visit_at" = v."last"
  FROM (SELECT "member_id", max("visited_at") AS "last" FROM "new_visits" GROUP BY "member_id") v
  WHERE m."id" = v."member_id" AND (m."last_visit_at" IS NULL OR m."last_visit_at" < v."last");
  UPDATE "member_cover" c SET "last_visit_at" = v."last"
  FROM (SELECT "member_id", max("visited_at") AS "last" FROM "new_visits" GROUP BY "member_id") v
  WHERE c."member_id" = v."member_id" AND (c."last_visit_at" IS NULL OR c."last_visit_at" < v."last");
  INSERT INTO "member_visit_weeks" ("member_id", "week_start", "business_id", "visits")
  SELECT "member_id", date_trunc('week', "visited_at" AT TIME ZONE 'Africa/Lagos')::date,
    "business_id", count(*)
  FROM "new_visits" GROUP BY 1, 2, 3 ORDER BY 1, 2
  ON CONFLICT ("member_id", "week_start")
    DO UPDATE SET "visits" = "member_visit_weeks"."visits" + excluded."visits";
  DELETE FROM "at_risk_fall_weeks" f
  USING (SELECT "business_id", min(date_trunc('week', "visited_at" AT TIME ZONE 'Africa/Lagos')::date) AS "week"
    FROM "new_visits" GROUP BY 1) n
  WHERE f."business_id" = n."business_id" AND f."week_start" > n."week";
  -- Last: every check-in of the business in this hour updates this one row, which stays locked
  -- until the transaction ends; taken last, it is held for as short a time as can be.
  INSERT INTO "visit_hours" ("business_id", "day", "hour", "visits")
  SELECT "business_id", ("visited_at" AT TIME ZONE 'Africa/Lagos')::date,
    extract(hour FROM "visited_at" AT TIME ZONE 'Africa/Lagos')::smallint, count(*)
  FROM "new_visits" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("business_id", "day", "hour")
    DO UPDATE SET "visits" = "visit_hours"."visits" + excluded."visits";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "visits_roll_up" AFTER INSERT ON "visits" REFERENCING NEW TABLE AS "new_visits" FOR EACH STATEMENT EXECUTE FUNCTION "visits_roll_up"();
