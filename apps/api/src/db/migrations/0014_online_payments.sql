CREATE TABLE "payment_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"subscription_type_id" integer NOT NULL,
	"duration" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"reference" varchar(60) NOT NULL,
	"authorization_url" varchar(500) NOT NULL,
	"channel" varchar(10) NOT NULL,
	"sent_to" varchar(254),
	"state" varchar(10) DEFAULT 'sent' NOT NULL,
	"idempotency_key" varchar(100),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"payment_id" integer
);
--> statement-breakpoint
CREATE TABLE "paystack_accounts" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"secret_key_enc" text NOT NULL,
	"key_last4" varchar(4) NOT NULL,
	"mode" varchar(4) NOT NULL,
	"webhook_token" varchar(64) NOT NULL,
	"transfer_accounts" boolean DEFAULT false NOT NULL,
	"events_received" integer DEFAULT 0 NOT NULL,
	"last_event_at" timestamp with time zone,
	"connected_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paystack_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"reference" varchar(100) NOT NULL,
	"member_id" integer,
	"link_id" integer,
	"amount_kobo" bigint NOT NULL,
	"method" varchar(10) NOT NULL,
	"state" varchar(10) NOT NULL,
	"reason" varchar(300) DEFAULT '' NOT NULL,
	"note" varchar(200),
	"payment_id" integer,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"customer_code" varchar(60) NOT NULL,
	"account_number" varchar(20) NOT NULL,
	"account_name" varchar(200) NOT NULL,
	"bank_name" varchar(100) NOT NULL,
	"sent_by" varchar(10),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_subscription_type_id_subscription_types_id_fk" FOREIGN KEY ("subscription_type_id") REFERENCES "public"."subscription_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paystack_accounts" ADD CONSTRAINT "paystack_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paystack_accounts" ADD CONSTRAINT "paystack_accounts_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paystack_charges" ADD CONSTRAINT "paystack_charges_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paystack_charges" ADD CONSTRAINT "paystack_charges_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paystack_charges" ADD CONSTRAINT "paystack_charges_link_id_payment_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."payment_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paystack_charges" ADD CONSTRAINT "paystack_charges_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paystack_charges" ADD CONSTRAINT "paystack_charges_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_accounts" ADD CONSTRAINT "transfer_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_accounts" ADD CONSTRAINT "transfer_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_reference_idx" ON "payment_links" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_business_key_idx" ON "payment_links" USING btree ("business_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_links_member_idx" ON "payment_links" USING btree ("business_id","member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_links_waiting_idx" ON "payment_links" USING btree ("created_at") WHERE state = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "paystack_accounts_webhook_idx" ON "paystack_accounts" USING btree ("webhook_token");--> statement-breakpoint
CREATE UNIQUE INDEX "paystack_charges_reference_idx" ON "paystack_charges" USING btree ("business_id","reference");--> statement-breakpoint
CREATE INDEX "paystack_charges_state_idx" ON "paystack_charges" USING btree ("business_id","state","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_accounts_member_idx" ON "transfer_accounts" USING btree ("business_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_accounts_customer_idx" ON "transfer_accounts" USING btree ("business_id","customer_code");