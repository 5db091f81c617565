CREATE TABLE "comms_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"group" varchar(20) NOT NULL,
	"channel" varchar(10) NOT NULL,
	"html" text NOT NULL,
	"status" varchar(10) NOT NULL,
	"is_scheduled" boolean DEFAULT false NOT NULL,
	"schedule_at" timestamp with time zone,
	"created_by" integer,
	"recipients" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"sms_parts" integer,
	"dispatched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "member_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_id" varchar(200);--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "reply_to" varchar(254);--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "quiet_hours" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comms_messages" ADD CONSTRAINT "comms_messages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comms_messages" ADD CONSTRAINT "comms_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comms_messages_business_created_idx" ON "comms_messages" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comms_messages_due_idx" ON "comms_messages" USING btree ("schedule_at") WHERE status = 'SCHEDULED';--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;