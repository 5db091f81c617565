CREATE TABLE "reminder_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"offset_days" integer NOT NULL,
	"expiry_date" date NOT NULL,
	"channel" varchar(10) NOT NULL,
	"to" varchar(254) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"reminders" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "reminders_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_sends_once_idx" ON "reminder_sends" USING btree ("subscription_id","offset_days","expiry_date");--> statement-breakpoint
CREATE INDEX "reminder_sends_member_idx" ON "reminder_sends" USING btree ("business_id","member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reminder_sends_business_created_idx" ON "reminder_sends" USING btree ("business_id","created_at");