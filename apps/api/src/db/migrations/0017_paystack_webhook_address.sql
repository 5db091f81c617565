CREATE TABLE "paystack_kept_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"signature" varchar(128) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "paystack_webhooks" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"token" varchar(64) NOT NULL,
	"key_fingerprint" varchar(64),
	"mode" varchar(4),
	"paste_needed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "paystack_accounts_webhook_idx";--> statement-breakpoint
ALTER TABLE "paystack_kept_events" ADD CONSTRAINT "paystack_kept_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paystack_webhooks" ADD CONSTRAINT "paystack_webhooks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paystack_kept_events_signature_idx" ON "paystack_kept_events" USING btree ("business_id","signature");--> statement-breakpoint
CREATE UNIQUE INDEX "paystack_webhooks_token_idx" ON "paystack_webhooks" USING btree ("token");--> statement-breakpoint
-- Each connected business keeps the webhook address it already has (now the business's own).
INSERT INTO "paystack_webhooks" ("business_id", "token", "mode", "created_at")
SELECT "business_id", "webhook_token", "mode", "created_at" FROM "paystack_accounts";--> statement-breakpoint
ALTER TABLE "paystack_accounts" DROP COLUMN "webhook_token";