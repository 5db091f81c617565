CREATE TABLE "member_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_sha256" varchar(64) NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"header_row" integer NOT NULL,
	"headers" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"total_rows" integer NOT NULL,
	"mapping" jsonb,
	"duplicates" varchar(6) DEFAULT 'skip' NOT NULL,
	"preview" jsonb,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member_imports" ADD CONSTRAINT "member_imports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_imports_business_file_idx" ON "member_imports" USING btree ("business_id","file_sha256");--> statement-breakpoint
CREATE INDEX "member_imports_running_idx" ON "member_imports" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "members_business_phone_idx" ON "members" USING btree ("business_id","mobile_number");--> statement-breakpoint
CREATE INDEX "members_business_email_idx" ON "members" USING btree ("business_id","email_address");--> statement-breakpoint
-- A subscription imported with its member has no payment: it still sets the member's cover
-- (their status), but no payment-day figure (payments, first subscriptions, ended
-- subscriptions count what was bought in Kora, as the daily close's joins on payments do).
CREATE OR REPLACE FUNCTION "subscriptions_roll_up"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF TG_OP <> 'INSERT' AND OLD."payment_id" IS NOT NULL THEN
    SELECT "paid_on", "method" INTO paid_day, paid_method FROM "payments" WHERE "id" = OLD."payment_id";
    IF OLD."is_first" AND paid_day <= closed THEN
      PERFORM "payment_days_add"(OLD."business_id", paid_day, OLD."subscription_type_id", paid_method, 0, 0, -1, 0);
    END IF;
    IF OLD."expiry_date" <= closed THEN
      PERFORM "payment_days_add"(OLD."business_id", OLD."expiry_date", OLD."subscription_type_id", paid_method, 0, 0, 0, -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."payment_id" IS NOT NULL AND (NEW."is_first" OR NEW."expiry_date" <= closed) THEN
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
