-- A member's e-mail is optional (many members have only a phone): stored as NULL when not given.
ALTER TABLE "members" ALTER COLUMN "email_address" DROP NOT NULL;--> statement-breakpoint
-- The search text holds the e-mail when there is one: without coalesce a member without an
-- e-mail would have no search text at all (and be found by nothing). A generated column's
-- expression cannot be changed in PostgreSQL 15: it is made again, which drops the two indexes
-- that hold it; they are built again below, as migrations 0007 and 0013 made them.
ALTER TABLE "members" drop column "search_text";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(regexp_replace(normalize(first_name || ' ' || coalesce(nullif(middle_name, '') || ' ', '') || last_name || ' ' || coalesce(email_address, '') || ' ' || mobile_number || ' ' || member_id, NFD), '[\u0300-\u036f]', '', 'g'))) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "members_business_search_idx";--> statement-breakpoint
CREATE INDEX "members_business_search_idx" ON "members" USING gin ("business_id","search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "members_business_created_idx";--> statement-breakpoint
CREATE INDEX "members_business_created_idx" ON "members" USING btree ("business_id","created_at","id") INCLUDE ("search_text","is_active");--> statement-breakpoint
-- Member import: the sheet's first rows (to choose another header row), the Title Case choice
-- (on by default) and what a plan without an expiry date does (none: no subscription).
ALTER TABLE "member_imports" ADD COLUMN "lead_rows" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "member_imports" ADD COLUMN "title_case" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "member_imports" ADD COLUMN "plan_without_expiry" varchar(10) DEFAULT 'none' NOT NULL;
