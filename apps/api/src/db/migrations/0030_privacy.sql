-- Privacy: whether a member agreed to offers and news (members.marketing_consent, existing
-- members "not asked") with its history (member_consents), Service notice or Promotion on bulk
-- messages (comms_messages.purpose, existing messages were service notices), the business's
-- choice that promotions go only to members who said yes, erased members (members.erased_at) and
-- members' requests to be erased (erasure_requests).
CREATE TABLE "erasure_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erasure_requests_status_check" CHECK ("erasure_requests"."status" in ('pending', 'done', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "member_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"choice" varchar(3) NOT NULL,
	"source" varchar(10) NOT NULL,
	"user_id" integer,
	"user_name" varchar(201),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_consents_choice_check" CHECK ("member_consents"."choice" in ('yes', 'no')),
	CONSTRAINT "member_consents_source_check" CHECK ("member_consents"."source" in ('staff', 'member', 'import'))
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "promotions_need_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "marketing_consent" varchar(10) DEFAULT 'not_asked' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comms_messages" ADD COLUMN "purpose" varchar(10) DEFAULT 'service' NOT NULL;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_consents" ADD CONSTRAINT "member_consents_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_consents" ADD CONSTRAINT "member_consents_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_pending_idx" ON "erasure_requests" USING btree ("business_id","member_id") WHERE "erasure_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "erasure_requests_business_status_idx" ON "erasure_requests" USING btree ("business_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "member_consents_member_idx" ON "member_consents" USING btree ("business_id","member_id","created_at","id");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_marketing_consent_check" CHECK ("marketing_consent" in ('yes', 'no', 'not_asked'));
