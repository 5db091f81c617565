CREATE TABLE "member_cover" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"paid_through" date NOT NULL,
	"last_ended" date
);
--> statement-breakpoint
CREATE TABLE "payment_days" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"subscription_type_id" integer NOT NULL,
	"method" varchar(10) NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"amount_kobo" bigint DEFAULT 0 NOT NULL,
	"first_subscriptions" integer DEFAULT 0 NOT NULL,
	"ended_subscriptions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_days_business_id_day_subscription_type_id_method_pk" PRIMARY KEY("business_id","day","subscription_type_id","method")
);
--> statement-breakpoint
CREATE TABLE "payment_rollup_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"closed_through" date NOT NULL,
	CONSTRAINT "payment_rollup_state_one_row" CHECK ("payment_rollup_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "team_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"name" varchar(201) NOT NULL,
	"role" varchar(10),
	"user_id" integer,
	"by_name" varchar(201),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "subscriptions_business_expiry_idx";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "is_first" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "member_cover" ADD CONSTRAINT "member_cover_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cover" ADD CONSTRAINT "member_cover_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_days" ADD CONSTRAINT "payment_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_events" ADD CONSTRAINT "team_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_events" ADD CONSTRAINT "team_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_cover_business_paid_through_idx" ON "member_cover" USING btree ("business_id","paid_through","member_id");--> statement-breakpoint
CREATE INDEX "member_cover_business_last_ended_idx" ON "member_cover" USING btree ("business_id","last_ended");--> statement-breakpoint
CREATE INDEX "team_events_business_created_idx" ON "team_events" USING btree ("business_id","created_at","id");--> statement-breakpoint
-- Existing subscriptions: the first of each member (in the order they were written) is "first".
UPDATE "subscriptions" SET "is_first" = true
FROM (SELECT DISTINCT ON ("member_id") "id" FROM "subscriptions" ORDER BY "member_id", "id") AS "f"
WHERE "subscriptions"."id" = "f"."id";--> statement-breakpoint
CREATE INDEX "subscriptions_business_expiry_cover_idx" ON "subscriptions" USING btree ("business_id", "expiry_date") INCLUDE ("start_date", "member_id", "is_active");--> statement-breakpoint
INSERT INTO "member_cover" ("member_id", "business_id", "paid_through", "last_ended")
SELECT "member_id", min("business_id"), max("expiry_date"),
  max("expiry_date") FILTER (WHERE "expiry_date" < (now() AT TIME ZONE 'Africa/Lagos')::date)
FROM "subscriptions" GROUP BY "member_id";--> statement-breakpoint
-- The roll-up of every day before today in Lagos, from the payments and subscriptions there are.
INSERT INTO "payment_days" ("business_id", "day", "subscription_type_id", "method", "payments", "amount_kobo", "first_subscriptions")
SELECT p."business_id", p."paid_on", p."subscription_type_id", p."method", count(*), sum(p."amount_kobo"), count(*) FILTER (WHERE s."is_first")
FROM "payments" p LEFT JOIN "subscriptions" s ON s."payment_id" = p."id"
WHERE p."paid_on" < (now() AT TIME ZONE 'Africa/Lagos')::date
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "payment_days" ("business_id", "day", "subscription_type_id", "method", "ended_subscriptions")
SELECT s."business_id", s."expiry_date", s."subscription_type_id", p."method", count(*)
FROM "subscriptions" s JOIN "payments" p ON p."id" = s."payment_id"
WHERE s."expiry_date" < (now() AT TIME ZONE 'Africa/Lagos')::date
GROUP BY 1, 2, 3, 4
ON CONFLICT ("business_id", "day", "subscription_type_id", "method")
DO UPDATE SET "ended_subscriptions" = "payment_days"."ended_subscriptions" + excluded."ended_subscriptions";--> statement-breakpoint
INSERT INTO "payment_rollup_state" ("id", "closed_through") VALUES (1, (now() AT TIME ZONE 'Africa/Lagos')::date - 1);--> statement-breakpoint
-- Adds to the roll-up of a closed day (the daily close has passed it) what a late write brings.
CREATE FUNCTION "payment_days_add"(b integer, d date, plan integer, m varchar, n integer, kobo bigint, firsts integer, ended integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "payment_days" ("business_id", "day", "subscription_type_id", "method", "payments", "amount_kobo", "first_subscriptions", "ended_subscriptions")
  VALUES (b, d, plan, m, n, kobo, firsts, ended)
  ON CONFLICT ("business_id", "day", "subscription_type_id", "method") DO UPDATE SET
    "payments" = "payment_days"."payments" + excluded."payments",
    "amount_kobo" = "payment_days"."amount_kobo" + excluded."amount_kobo",
    "first_subscriptions" = "payment_days"."first_subscriptions" + excluded."first_subscriptions",
    "ended_subscriptions" = "payment_days"."ended_subscriptions" + excluded."ended_subscriptions"
$$;--> statement-breakpoint
-- Payments written, changed or removed for a closed day change that day's roll-up at once (in
-- the writer's transaction). Payments of open days (today) are read live and touch nothing here.
CREATE FUNCTION "payments_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed date := (SELECT "closed_through" FROM "payment_rollup_state" WHERE "id" = 1);
  first integer;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD."business_id", OLD."paid_on", OLD."subscription_type_id", OLD."method", OLD."amount_kobo")
      IS NOT DISTINCT FROM (NEW."business_id", NEW."paid_on", NEW."subscription_type_id", NEW."method", NEW."amount_kobo") THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD."paid_on" <= closed THEN
    first := (SELECT count(*) FROM "subscriptions" s WHERE s."payment_id" = OLD."id" AND s."is_first");
    PERFORM "payment_days_add"(OLD."business_id", OLD."paid_on", OLD."subscription_type_id", OLD."method", -1, -OLD."amount_kobo", -first, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."paid_on" <= closed THEN
    -- On insert the subscription does not exist yet: its own trigger counts it as first.
    first := (SELECT count(*) FROM "subscriptions" s WHERE s."payment_id" = NEW."id" AND s."is_first");
    PERFORM "payment_days_add"(NEW."business_id", NEW."paid_on", NEW."subscription_type_id", NEW."method", 1, NEW."amount_kobo", first, 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_roll_up" AFTER INSERT OR UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION "payments_roll_up"();--> statement-breakpoint
-- A subscription is the member's first unless they had one before (payments lock the member row
-- first, so two payments of one member never decide this at the same time).
CREATE FUNCTION "subscriptions_first"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."is_first" := NOT EXISTS (SELECT 1 FROM "subscriptions" s WHERE s."business_id" = NEW."business_id" AND s."member_id" = NEW."member_id");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "subscriptions_first" BEFORE INSERT ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "subscriptions_first"();--> statement-breakpoint
-- A member's cover counted again from their subscriptions (after a change or a removal).
CREATE FUNCTION "member_cover_recount"(member integer, business integer, closed date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  last_day date;
  ended date;
BEGIN
  SELECT max(s."expiry_date"), max(s."expiry_date") FILTER (WHERE s."expiry_date" <= closed)
  INTO last_day, ended FROM "subscriptions" s WHERE s."member_id" = member;
  IF last_day IS NULL THEN
    DELETE FROM "member_cover" WHERE "member_id" = member;
  ELSE
    INSERT INTO "member_cover" ("member_id", "business_id", "paid_through", "last_ended")
    VALUES (member, business, last_day, ended)
    ON CONFLICT ("member_id") DO UPDATE SET "paid_through" = last_day, "last_ended" = ended;
  END IF;
END $$;--> statement-breakpoint
-- The member's cover (last day paid for) follows their subscriptions; a subscription written,
-- changed or removed for a closed day changes that day's roll-up (first subscriptions on the
-- payment's day, ended ones on their last day).
CREATE FUNCTION "subscriptions_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed date := (SELECT "closed_through" FROM "payment_rollup_state" WHERE "id" = 1);
  paid_day date;
  paid_method varchar;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "member_cover" ("member_id", "business_id", "paid_through", "last_ended")
    VALUES (NEW."member_id", NEW."business_id", NEW."expiry_date",
      CASE WHEN NEW."expiry_date" <= closed THEN NEW."expiry_date" END)
    ON CONFLICT ("member_id") DO UPDATE SET
      "paid_through" = greatest("member_cover"."paid_through", excluded."paid_through"),
      "last_ended" = greatest("member_cover"."last_ended", excluded."last_ended")
    WHERE "member_cover"."paid_through" < excluded."paid_through"
      OR excluded."last_ended" > coalesce("member_cover"."last_ended", '-infinity');
  ELSIF TG_OP = 'DELETE' OR OLD."expiry_date" IS DISTINCT FROM NEW."expiry_date" OR OLD."member_id" IS DISTINCT FROM NEW."member_id" THEN
    PERFORM "member_cover_recount"(OLD."member_id", OLD."business_id", closed);
    IF TG_OP = 'UPDATE' AND OLD."member_id" IS DISTINCT FROM NEW."member_id" THEN
      PERFORM "member_cover_recount"(NEW."member_id", NEW."business_id", closed);
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD."business_id", OLD."expiry_date", OLD."subscription_type_id", OLD."payment_id", OLD."is_first")
      IS NOT DISTINCT FROM (NEW."business_id", NEW."expiry_date", NEW."subscription_type_id", NEW."payment_id", NEW."is_first") THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT "paid_on", "method" INTO paid_day, paid_method FROM "payments" WHERE "id" = OLD."payment_id";
    IF OLD."is_first" AND paid_day <= closed THEN
      PERFORM "payment_days_add"(OLD."business_id", paid_day, OLD."subscription_type_id", paid_method, 0, 0, -1, 0);
    END IF;
    IF OLD."expiry_date" <= closed THEN
      PERFORM "payment_days_add"(OLD."business_id", OLD."expiry_date", OLD."subscription_type_id", paid_method, 0, 0, 0, -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND (NEW."is_first" OR NEW."expiry_date" <= closed) THEN
    SELECT "paid_on", "method" INTO paid_day, paid_method FROM "payments" WHERE "id" = NEW."payment_id";
    IF NEW."is_first" AND paid_day <= closed THEN
      PERFORM "payment_days_add"(NEW."business_id", paid_day, NEW."subscription_type_id", paid_method, 0, 0, 1, 0);
    END IF;
    IF NEW."expiry_date" <= closed THEN
      PERFORM "payment_days_add"(NEW."business_id", NEW."expiry_date", NEW."subscription_type_id", paid_method, 0, 0, 0, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "subscriptions_roll_up" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "subscriptions_roll_up"();
