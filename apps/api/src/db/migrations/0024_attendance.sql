-- Attendance: each member's last visit, and two roll-ups of the visits the dashboard reads
-- (visits per Lagos day and hour of a business; visits per member and week, weeks starting on
-- Monday, Lagos time). From now on the trigger on visits (db/functions/visits_roll_up.sql) keeps
-- all three in each visit's transaction; the statements at the end fill them once, set-based,
-- from the visits already recorded.
CREATE TABLE "member_visit_weeks" (
	"member_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"business_id" integer NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_visit_weeks_member_id_week_start_pk" PRIMARY KEY("member_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "visit_hours" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visit_hours_business_id_day_hour_pk" PRIMARY KEY("business_id","day","hour"),
	CONSTRAINT "visit_hours_hour_check" CHECK ("visit_hours"."hour" between 0 and 23)
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "last_visit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_visit_weeks" ADD CONSTRAINT "member_visit_weeks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_visit_weeks" ADD CONSTRAINT "member_visit_weeks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_hours" ADD CONSTRAINT "visit_hours_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- INCLUDE (visits), which Drizzle cannot declare: the At risk rule reads a business's weeks from
-- the index alone.
CREATE INDEX "member_visit_weeks_business_week_idx" ON "member_visit_weeks" USING btree ("business_id","week_start","member_id") INCLUDE ("visits");--> statement-breakpoint
CREATE INDEX "members_business_last_visit_idx" ON "members" USING btree ("business_id","last_visit_at");--> statement-breakpoint
UPDATE "members" m SET "last_visit_at" = v."last"
FROM (SELECT "member_id", max("visited_at") AS "last" FROM "visits" GROUP BY "member_id") v
WHERE m."id" = v."member_id";--> statement-breakpoint
INSERT INTO "visit_hours" ("business_id", "day", "hour", "visits")
SELECT "business_id", ("visited_at" AT TIME ZONE 'Africa/Lagos')::date,
  extract(hour FROM "visited_at" AT TIME ZONE 'Africa/Lagos')::smallint, count(*)
FROM "visits" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "member_visit_weeks" ("member_id", "week_start", "business_id", "visits")
SELECT "member_id", date_trunc('week', "visited_at" AT TIME ZONE 'Africa/Lagos')::date, "business_id", count(*)
FROM "visits" GROUP BY 1, 2, 3;
