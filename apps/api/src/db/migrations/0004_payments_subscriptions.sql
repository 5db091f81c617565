CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"subscription_type_id" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"duration" integer NOT NULL,
	"method" varchar(10) NOT NULL,
	"purpose" varchar(200) NOT NULL,
	"idempotency_key" varchar(100),
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"subscription_type_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"expiry_date" date NOT NULL,
	"duration" integer NOT NULL,
	"duration_type" varchar(5) NOT NULL,
	"plan_duration" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_type_id_subscription_types_id_fk" FOREIGN KEY ("subscription_type_id") REFERENCES "public"."subscription_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_subscription_type_id_subscription_types_id_fk" FOREIGN KEY ("subscription_type_id") REFERENCES "public"."subscription_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_business_idempotency_idx" ON "payments" USING btree ("business_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_business_created_idx" ON "payments" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_business_member_idx" ON "payments" USING btree ("business_id","member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_plan_idx" ON "payments" USING btree ("subscription_type_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_business_paid_on_idx" ON "payments" USING btree ("business_id","paid_on","amount_kobo");--> statement-breakpoint
CREATE INDEX "subscriptions_member_plan_expiry_idx" ON "subscriptions" USING btree ("business_id","member_id","subscription_type_id","expiry_date");--> statement-breakpoint
CREATE INDEX "subscriptions_business_expiry_idx" ON "subscriptions" USING btree ("business_id","expiry_date");--> statement-breakpoint
CREATE INDEX "subscriptions_business_created_idx" ON "subscriptions" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "subscriptions_plan_idx" ON "subscriptions" USING btree ("subscription_type_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_payment_idx" ON "subscriptions" USING btree ("payment_id");