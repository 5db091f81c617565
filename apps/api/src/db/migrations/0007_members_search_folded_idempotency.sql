CREATE TABLE "idempotency_keys" (
	"business_id" integer NOT NULL,
	"scope" varchar(40) NOT NULL,
	"key" varchar(100) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"entity_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_business_id_scope_key_pk" PRIMARY KEY("business_id","scope","key")
);
--> statement-breakpoint
-- Re-creating the generated column drops its index; it is built again below.
ALTER TABLE "members" drop column "search_text";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(regexp_replace(normalize(first_name || ' ' || coalesce(nullif(middle_name, '') || ' ', '') || last_name || ' ' || email_address || ' ' || mobile_number || ' ' || member_id, NFD), '[\u0300-\u036f]', '', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_business_inactive_idx" ON "members" USING btree ("business_id","created_at","id") WHERE not "members"."is_active";--> statement-breakpoint
CREATE INDEX "members_business_search_idx" ON "members" USING gin ("business_id","search_text" gin_trgm_ops);
