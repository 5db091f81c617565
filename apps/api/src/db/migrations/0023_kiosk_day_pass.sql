CREATE TABLE "kiosk_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"token_hash" char(64) NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "kiosk_tokens_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "day_pass_plan_id" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "is_walk_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kiosk_tokens" ADD CONSTRAINT "kiosk_tokens_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_tokens" ADD CONSTRAINT "kiosk_tokens_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kiosk_tokens_business_idx" ON "kiosk_tokens" USING btree ("business_id","created_at");--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_kiosk_token_id_kiosk_tokens_id_fk" FOREIGN KEY ("kiosk_token_id") REFERENCES "public"."kiosk_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_business_walk_in_idx" ON "members" USING btree ("business_id","created_at","id") WHERE "members"."is_walk_in";--> statement-breakpoint
-- Written by hand (the schema files cannot declare it without importing each other in a circle):
-- a deleted plan leaves the business without a day-pass plan.
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_day_pass_plan_id_plans_id_fk" FOREIGN KEY ("day_pass_plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;
