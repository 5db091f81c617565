-- The money trail: the audit trail (audit_entries, never changed or removed: the trigger in
-- db/functions/audit_entries_immutable.sql), receipt numbers and public tokens on payments
-- (gapless per business, from receipt_counters), voids, refunds, transfer confirmation,
-- cash-ups, and the business's "send receipts automatically" setting.
CREATE TABLE "receipt_counters" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"last_seq" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"subscription_type_id" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"method" varchar(10) NOT NULL,
	"reason" varchar(200) NOT NULL,
	"subscription_action" varchar(8) NOT NULL,
	"new_expiry_date" date,
	"refunded_on" date NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idempotency_key" varchar(100),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_kobo" > 0),
	CONSTRAINT "refunds_subscription_action_check" CHECK ("refunds"."subscription_action" in ('keep', 'end', 'shorten'))
);
--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" varchar(10) NOT NULL,
	"actor_user_id" integer,
	"actor_name" varchar(200),
	"actor_role" varchar(10),
	"action" varchar(40) NOT NULL,
	"record_kind" varchar(20) NOT NULL,
	"record_id" integer,
	"record_label" varchar(200) DEFAULT '' NOT NULL,
	"member_id" integer,
	"payment_id" integer,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "audit_entries_actor_kind_check" CHECK ("audit_entries"."actor_kind" in ('user', 'member', 'paystack', 'import', 'kiosk', 'system'))
);
--> statement-breakpoint
CREATE TABLE "cash_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expected_kobo" bigint NOT NULL,
	"counted_kobo" bigint NOT NULL,
	"difference_kobo" bigint NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lagos_day" date NOT NULL,
	"recorded_by" integer NOT NULL,
	"idempotency_key" varchar(100),
	CONSTRAINT "cash_ups_counted_check" CHECK ("cash_ups"."counted_kobo" >= 0),
	CONSTRAINT "cash_ups_difference_check" CHECK ("cash_ups"."difference_kobo" = "cash_ups"."counted_kobo" - "cash_ups"."expected_kobo")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "auto_send_receipts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_seq" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_number" varchar(20);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_token" varchar(32);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "void_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "confirmed_by" integer;--> statement-breakpoint
-- The payments recorded before receipts existed: numbered per business in the order they were
-- recorded (created_at, id), each given its public token; every one confirmed when it was
-- recorded except the transfers recorded at the desk (a team user, not a Paystack charge a team
-- user assigned, whose key is paystack:{reference}), which wait for
-- an owner or admin to tick them against the bank statement. Each business's counter starts at
-- its last number.
CREATE OR REPLACE FUNCTION "kora_receipt_token"() RETURNS varchar LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  a constant text := replace(gen_random_uuid()::text, '-', '');
  b constant text := replace(gen_random_uuid()::text, '-', '');
  hex constant text := substr(a, 1, 12) || substr(a, 14, 3) || substr(a, 18, 15)
    || substr(b, 1, 12) || substr(b, 14, 3) || substr(b, 18, 3);
BEGIN
  RETURN translate(encode(decode(hex, 'hex'), 'base64'), '+/', '-_');
END $$;--> statement-breakpoint
UPDATE "payments" p SET
  "receipt_seq" = n."seq",
  "receipt_number" = b."code" || '-' ||
    CASE WHEN n."seq" < 1000000 THEN lpad(n."seq"::text, 6, '0') ELSE n."seq"::text END,
  "receipt_token" = "kora_receipt_token"(),
  "confirmed_at" = CASE WHEN p."method" = 'Transfer' AND p."recorded_by" IS NOT NULL
    AND (p."idempotency_key" IS NULL OR p."idempotency_key" NOT LIKE 'paystack:%') THEN NULL
    ELSE p."created_at" END
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "business_id" ORDER BY "created_at", "id")::integer AS "seq"
  FROM "payments"
) n, "businesses" b
WHERE n."id" = p."id" AND b."id" = p."business_id";--> statement-breakpoint
INSERT INTO "receipt_counters" ("business_id", "last_seq")
SELECT "business_id", max("receipt_seq") FROM "payments" GROUP BY "business_id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "receipt_seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "receipt_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "receipt_token" SET NOT NULL;--> statement-breakpoint
-- record_payment takes the actor's kind and answers the receipt: its new text is created from
-- db/functions/record_payment.sql after the migrations; the old one must go first.
DROP FUNCTION IF EXISTS "record_payment"(integer, integer, integer, integer, bigint, varchar, varchar, varchar, integer, date, integer[]);--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_ups" ADD CONSTRAINT "cash_ups_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_ups" ADD CONSTRAINT "cash_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_ups" ADD CONSTRAINT "cash_ups_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_business_idempotency_idx" ON "refunds" USING btree ("business_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_business_payment_idx" ON "refunds" USING btree ("business_id","payment_id");--> statement-breakpoint
CREATE INDEX "refunds_business_day_idx" ON "refunds" USING btree ("business_id","refunded_on");--> statement-breakpoint
CREATE INDEX "refunds_business_recorder_idx" ON "refunds" USING btree ("business_id","recorded_by","created_at");--> statement-breakpoint
CREATE INDEX "audit_entries_business_at_idx" ON "audit_entries" USING btree ("business_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_entries_business_member_idx" ON "audit_entries" USING btree ("business_id","member_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "audit_entries"."member_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_entries_business_payment_idx" ON "audit_entries" USING btree ("business_id","payment_id") WHERE "audit_entries"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_entries_business_actor_idx" ON "audit_entries" USING btree ("business_id","actor_user_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_entries_business_kind_idx" ON "audit_entries" USING btree ("business_id","record_kind","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "cash_ups_business_idempotency_idx" ON "cash_ups" USING btree ("business_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "cash_ups_business_user_created_idx" ON "cash_ups" USING btree ("business_id","user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cash_ups_business_day_idx" ON "cash_ups" USING btree ("business_id","lagos_day");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_business_receipt_seq_idx" ON "payments" USING btree ("business_id","receipt_seq");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_receipt_token_unique" UNIQUE("receipt_token");