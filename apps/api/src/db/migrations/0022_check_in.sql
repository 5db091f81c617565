-- A member card's code: 26 characters of base32 (a-z, 2-7), 130 random bits. Built from
-- gen_random_uuid(), which PostgreSQL 13+ and PGlite both have (gen_random_bytes needs pgcrypto):
-- a version 4 UUID carries 122 random bits, in every hex digit but the 13th (the version) and the
-- 17th (the variant); two UUIDs give 240 random bits, of which the first 130 are used.
CREATE FUNCTION "kora_card_code"() RETURNS varchar LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := 'abcdefghijklmnopqrstuvwxyz234567';
  a constant text := replace(gen_random_uuid()::text, '-', '');
  b constant text := replace(gen_random_uuid()::text, '-', '');
  bits constant bit(240) := ('x' || substr(a, 1, 12) || substr(a, 14, 3) || substr(a, 18, 15)
    || substr(b, 1, 12) || substr(b, 14, 3) || substr(b, 18, 15))::bit(240);
  code text := '';
BEGIN
  FOR i IN 0..25 LOOP
    code := code || substr(alphabet, substring(bits FROM i * 5 + 1 FOR 5)::bit(5)::integer + 1, 1);
  END LOOP;
  RETURN code;
END $$;
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by_user_id" integer,
	"kiosk_token_id" integer,
	"found_by" varchar(10) NOT NULL,
	"verdict_status" varchar(16) NOT NULL,
	"override_reason" varchar(300),
	"subscription_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The default runs once per existing member (a volatile default), so every member has a code.
ALTER TABLE "members" ADD COLUMN "card_code" varchar(32) DEFAULT kora_card_code() NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_business_visited_idx" ON "visits" USING btree ("business_id","visited_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "visits_business_member_visited_idx" ON "visits" USING btree ("business_id","member_id","visited_at" desc);--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_card_code_key" UNIQUE("card_code");