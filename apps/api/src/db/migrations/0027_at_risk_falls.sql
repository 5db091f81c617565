-- The At risk rule without reading every member: each week's falls worked out once per business,
-- and the covered members' last visits beside their cover (see the schema's comments).
CREATE TABLE "at_risk_fall_weeks" (
	"business_id" integer NOT NULL,
	"week_start" date NOT NULL,
	CONSTRAINT "at_risk_fall_weeks_business_id_week_start_pk" PRIMARY KEY("business_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "at_risk_falls" (
	"business_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"member_id" integer NOT NULL,
	"last4" integer NOT NULL,
	"prev4" integer NOT NULL,
	CONSTRAINT "at_risk_falls_business_id_week_start_member_id_pk" PRIMARY KEY("business_id","week_start","member_id")
);
--> statement-breakpoint
ALTER TABLE "member_cover" ADD COLUMN "last_visit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "at_risk_fall_weeks" ADD CONSTRAINT "at_risk_fall_weeks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "at_risk_falls" ADD CONSTRAINT "at_risk_falls_week_fk" FOREIGN KEY ("business_id","week_start") REFERENCES "public"."at_risk_fall_weeks"("business_id","week_start") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_cover_business_last_visit_idx" ON "member_cover" USING btree ("business_id","last_visit_at") INCLUDE ("paid_through");--> statement-breakpoint
-- Each covered member's last visit, as members holds it; the visits' trigger keeps it from now on.
UPDATE "member_cover" c SET "last_visit_at" = m."last_visit_at" FROM "members" m
WHERE m."id" = c."member_id" AND m."last_visit_at" IS NOT NULL;