CREATE TABLE "subscription_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"duration" integer NOT NULL,
	"duration_type" varchar(5) NOT NULL,
	"is_grouped" boolean DEFAULT false NOT NULL,
	"group_limit" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"member_number" integer NOT NULL,
	"member_id" varchar(20) NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"middle_name" varchar(100),
	"last_name" varchar(100) NOT NULL,
	"mobile_number" varchar(20) NOT NULL,
	"email_address" varchar(254) NOT NULL,
	"home_address" varchar(300),
	"city" varchar(100) NOT NULL,
	"state" varchar(100) NOT NULL,
	"country_code" varchar(2) DEFAULT 'NG' NOT NULL,
	"date_of_birth" date,
	"gender" varchar(10),
	"emergency_contact_name" varchar(200),
	"emergency_contact_number" varchar(20),
	"emergency_contact_relationship" varchar(100),
	"subscription_type_id" integer,
	"picture_url" varchar(2048),
	"is_active" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || coalesce(middle_name, '') || ' ' || last_name || ' ' || email_address || ' ' || mobile_number || ' ' || member_id)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_types" ADD CONSTRAINT "subscription_types_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_subscription_type_id_subscription_types_id_fk" FOREIGN KEY ("subscription_type_id") REFERENCES "public"."subscription_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_types_business_idx" ON "subscription_types" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_business_member_id_idx" ON "members" USING btree ("business_id","member_id");--> statement-breakpoint
CREATE INDEX "members_business_created_idx" ON "members" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "members_search_trgm_idx" ON "members" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_subscription_type_idx" ON "members" USING btree ("subscription_type_id");