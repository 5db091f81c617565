-- Records a payment and the subscription it bought (for a group plan, with each other member it
-- covers, `in_group`) in ONE statement (one round trip, run in autocommit: the statement is the
-- transaction), so the member row stays locked for the time the database works, not for the
-- network's round trips. Answers one row (OUT parameters, not a set: no result set to build):
-- `status` and, when 'recorded', the payment, the subscription, the member's and the plan's brief.
-- Each payment gets the next receipt number of its business (`receipt_counters`, locked just
-- before the payment is inserted and held until the transaction ends: numbers follow the order
-- of recording, and a payment that rolls back gives its number back, so there are no gaps), a
-- public receipt token, and its `payment.record` entry in the audit trail, written by the same
-- statement: a payment never exists without its entry, and a refusal or a replay writes none.
-- `in_recorded_at` is when the desk took it (an offline desk sends it later; null: now): the
-- payment keeps it (recorded_at), `in_today` is its Lagos day, and the audit entry notes it;
-- created_at stays the arrival, which receipt numbers follow.
-- `in_kind` says what the payment is for: 'plan' (the default: periods of the plan and the
-- subscription they bought) or 'freeze_fee' (the plan's fee for freezing the member's running
-- subscription of that plan: `in_periods` 0, the amount must be the plan's freeze fee, a plan
-- deactivated since the member bought it still takes it, and NO subscription is created; the
-- subscription's OUT columns stay null). Both go through the same receipt number, idempotency,
-- audit entry and roll-up triggers.
-- `in_discount_kobo` (naira off) or `in_discount_bp` (a percent in hundredths: 1250 = 12.5 %)
-- with `in_discount_reason`: the discount is taken off the price (plan amount × periods, which
-- the client's amount must still equal); a percent is price × bp ÷ 10000 rounded to the nearest
-- kobo, a half up (`discountKobo` in @kora/shared computes the same). The payment and the
-- subscription keep what was paid, never below 0. `in_paid_on_source` says where `in_today`
-- comes from: 'entered' (an earlier day an owner or admin entered); null: 'offline' with
-- `in_recorded_at`, else 'recorded'.
-- `in_actor_kind` says who acted: 'user' (a team user, `in_recorded_by`), 'member' (through a
-- payment link), 'paystack', 'import', 'kiosk' or 'system'. A transfer recorded at the desk
-- (actor 'user', not a Paystack charge) waits for an owner or admin to confirm it against the
-- bank statement (`confirmed_at` null); every other payment is confirmed when recorded.
--   replayed         the key was used in this business: `payment_id` is that payment (nothing written)
--   member_not_found no such member in this business
--   plan_not_found   no such plan in this business
--   plan_inactive / member_inactive
--   cover_too_long   plan length × periods lasts more than 10 years
--   amount_mismatch  the client's kobo differs from plan amount × periods (`expected_kobo`)
--   discount_too_large the discount is more than the price (`expected_kobo`)
--   plan_not_grouped members named for an individual plan
--   group_too_large  more members named than the group plan covers (`group_limit`, payer included)
--   group_member_not_found / group_member_inactive  a named member not in this business / deactivated
--   key_used         the key was recorded meanwhile by a simultaneous request (nothing written)
-- In READ COMMITTED each statement of a VOLATILE plpgsql function takes a new snapshot: the
-- member row is locked by the first statement (concurrent payments of one member queue there),
-- and everything read after it (the key, the running subscription) sees the payments committed
-- before the lock was granted, so renewals chain without gap or overlap.
CREATE OR REPLACE FUNCTION "record_payment"(
  "in_business" integer, "in_member" integer, "in_plan" integer, "in_periods" integer,
  "in_amount_kobo" bigint, "in_method" varchar, "in_purpose" varchar, "in_key" varchar,
  "in_recorded_by" integer, "in_today" date, "in_group" integer[], "in_actor_kind" varchar,
  "in_recorded_at" timestamptz, "in_kind" varchar DEFAULT 'plan',
  "in_discount_kobo" bigint DEFAULT NULL, "in_discount_bp" integer DEFAULT NULL,
  "in_discount_reason" varchar DEFAULT NULL, "in_paid_on_source" varchar DEFAULT NULL,
  OUT "status" varchar,
  OUT "expected_kobo" bigint,
  OUT "payment_id" integer,
  OUT "payment_amount_kobo" bigint,
  OUT "payment_duration" integer,
  OUT "payment_method" varchar,
  OUT "payment_purpose" varchar,
  OUT "payment_idempotency_key" varchar,
  OUT "payment_recorded_by" integer,
  OUT "payment_created_at" timestamptz,
  OUT "payment_recorded_at" timestamptz,
  OUT "payment_paid_on" date,
  OUT "subscription_id" integer,
  OUT "subscription_start_date" date,
  OUT "subscription_expiry_date" date,
  OUT "subscription_duration" integer,
  OUT "subscription_duration_type" varchar,
  OUT "subscription_plan_duration" integer,
  OUT "subscription_amount_kobo" bigint,
  OUT "subscription_is_active" boolean,
  OUT "subscription_is_first" boolean,
  OUT "subscription_created_at" timestamptz,
  OUT "member_picture_url" varchar,
  OUT "member_first_name" varchar,
  OUT "member_last_name" varchar,
  OUT "member_email_address" varchar,
  OUT "plan_name" varchar,
  OUT "plan_is_grouped" boolean,
  OUT "plan_duration_type" varchar,
  OUT "group_limit" integer,
  OUT "group_member_ids" integer[],
  OUT "payment_receipt_seq" integer,
  OUT "payment_receipt_number" varchar,
  OUT "payment_receipt_token" varchar,
  OUT "payment_confirmed_at" timestamptz,
  OUT "payment_recorded_by_name" varchar,
  OUT "payment_discount_kobo" bigint,
  OUT "payment_discount_bp" integer,
  OUT "payment_discount_reason" varchar,
  OUT "payment_paid_on_source" varchar
) RETURNS record LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  "found_member" record;
  "earlier" integer;
  "expected" bigint;
  "running_until" date;
  "first_day" date;
  "paid" "payments"%ROWTYPE;
  "bought" "subscriptions"%ROWTYPE;
  "covered" integer[];
  "named" integer;
  "active_named" integer;
  "seq" integer;
  "by_name" varchar;
  "by_role" varchar;
  "discount" bigint := 0;
BEGIN
  -- (0) A group plan's other members (never the payer, each once), locked with the payer in id
  -- order, so two group payments naming each other's payer queue instead of deadlocking. An
  -- individual payment names nobody and skips this.
  IF "in_group" IS NOT NULL AND cardinality("in_group") > 0 THEN
    "covered" := ARRAY(SELECT DISTINCT g FROM unnest("in_group") g WHERE g <> "in_member" ORDER BY g);
    PERFORM 1 FROM "members" m
    WHERE m."business_id" = "in_business" AND m."id" = ANY("covered" || "in_member")
    ORDER BY m."id" FOR UPDATE;
  END IF;
  -- (a) The member row, locked until the statement ends, with the plan of the same business.
  SELECT m."is_active" AS "member_active", m."picture_url", m."first_name", m."last_name",
    m."email_address", t."id" AS "plan_id", t."name" AS "plan_name", t."is_grouped",
    t."duration_type", t."duration", t."amount_kobo", t."is_active" AS "plan_active",
    t."group_limit", t."freeze_fee_kobo", b."code" AS "business_code"
  INTO "found_member"
  FROM "members" m
  JOIN "businesses" b ON b."id" = m."business_id"
  LEFT JOIN "plans" t ON t."business_id" = m."business_id" AND t."id" = "in_plan"
  WHERE m."business_id" = "in_business" AND m."id" = "in_member"
  FOR UPDATE OF m;
  IF NOT FOUND THEN
    "status" := 'member_not_found';
    RETURN;
  END IF;
  -- (b) A retry of a recorded payment: its id, nothing written.
  IF "in_key" IS NOT NULL THEN
    SELECT x.* INTO "paid" FROM "payments" x
    WHERE x."business_id" = "in_business" AND x."idempotency_key" = "in_key";
    IF FOUND THEN
      "status" := 'replayed';
      "payment_id" := "paid"."id";
      "payment_receipt_seq" := "paid"."receipt_seq";
      "payment_receipt_number" := "paid"."receipt_number";
      "payment_receipt_token" := "paid"."receipt_token";
      "payment_confirmed_at" := "paid"."confirmed_at";
      RETURN;
    END IF;
  END IF;
  -- (c) The checks, in the order the screens expect.
  IF "found_member"."plan_id" IS NULL THEN
    "status" := 'plan_not_found';
  ELSIF "in_kind" = 'freeze_fee' THEN
    -- A freeze fee: the plan's fee, once, for a member still active.
    IF NOT "found_member"."member_active" THEN
      "status" := 'member_inactive';
    ELSE
      "expected" := "found_member"."freeze_fee_kobo";
      IF "expected" IS NULL OR "expected" <= 0 OR "in_periods" <> 0
        OR "in_amount_kobo" IS DISTINCT FROM "expected" THEN
        "status" := 'amount_mismatch';
        "expected_kobo" := "expected";
      END IF;
    END IF;
  ELSIF NOT "found_member"."plan_active" THEN
    "status" := 'plan_inactive';
  ELSIF NOT "found_member"."member_active" THEN
    "status" := 'member_inactive';
  ELSIF "in_periods"::bigint * "found_member"."duration" > (CASE "found_member"."duration_type"
    WHEN 'day' THEN 3652 WHEN 'week' THEN 521 WHEN 'month' THEN 120 ELSE 10 END) THEN
    -- A payment covers at most 10 years (MAX_COVER_UNITS in @kora/shared), so every day a
    -- subscription names is a real date.
    "status" := 'cover_too_long';
  ELSE
    "expected" := "found_member"."amount_kobo" * "in_periods";
    IF "in_amount_kobo" IS DISTINCT FROM "expected" THEN
      "status" := 'amount_mismatch';
      "expected_kobo" := "expected";
    ELSE
      -- The discount, off the price the server computed.
      "discount" := CASE WHEN "in_discount_bp" IS NOT NULL
        THEN ("expected" * "in_discount_bp" + 5000) / 10000
        ELSE coalesce("in_discount_kobo", 0) END;
      IF "discount" < 0 OR "discount" > "expected" THEN
        "status" := 'discount_too_large';
        "expected_kobo" := "expected";
      END IF;
    END IF;
  END IF;
  -- (c2) The members a group plan covers: only a group plan covers others, at most its limit
  -- with the payer, each a member of this business, none deactivated.
  IF "status" IS NULL AND "in_kind" = 'freeze_fee' AND "covered" IS NOT NULL
    AND cardinality("covered") > 0 THEN
    "status" := 'plan_not_grouped';
  END IF;
  IF "status" IS NULL AND "covered" IS NOT NULL AND cardinality("covered") > 0 THEN
    "group_limit" := coalesce("found_member"."group_limit", 1);
    IF NOT "found_member"."is_grouped" THEN
      "status" := 'plan_not_grouped';
    ELSIF cardinality("covered") > "group_limit" - 1 THEN
      "status" := 'group_too_large';
    ELSE
      SELECT count(*), count(*) FILTER (WHERE m."is_active") INTO "named", "active_named"
      FROM "members" m WHERE m."business_id" = "in_business" AND m."id" = ANY("covered");
      IF "named" < cardinality("covered") THEN
        "status" := 'group_member_not_found';
      ELSIF "active_named" < "named" THEN
        "status" := 'group_member_inactive';
      END IF;
    END IF;
  END IF;
  IF "status" IS NOT NULL THEN
    RETURN;
  END IF;
  -- (d) The next receipt number: the business's counter row, created at its first payment,
  -- locked from here to the end of the transaction (as late as possible: the checks are done).
  INSERT INTO "receipt_counters" AS c ("business_id", "last_seq") VALUES ("in_business", 1)
  ON CONFLICT ("business_id") DO UPDATE SET "last_seq" = c."last_seq" + 1
  RETURNING c."last_seq" INTO "seq";
  -- (d2) The payment; nothing when the same key was recorded meanwhile (the number is given
  -- back: the counter row is still locked by this transaction, nobody took a number after it).
  INSERT INTO "payments" ("business_id", "member_id", "subscription_type_id", "amount_kobo",
    "duration", "method", "purpose", "idempotency_key", "recorded_by", "paid_on",
    "receipt_seq", "receipt_number", "receipt_token", "confirmed_at", "recorded_at", "kind",
    "discount_kobo", "discount_bp", "discount_reason", "paid_on_source")
  VALUES ("in_business", "in_member", "in_plan", "expected" - "discount", "in_periods", "in_method",
    "in_purpose", "in_key", "in_recorded_by", "in_today",
    "seq",
    "found_member"."business_code" || '-' ||
      CASE WHEN "seq" < 1000000 THEN lpad("seq"::text, 6, '0') ELSE "seq"::text END,
    "kora_receipt_token"(),
    CASE WHEN "in_method" = 'Transfer' AND "in_actor_kind" = 'user'
      AND ("in_key" IS NULL OR "in_key" NOT LIKE 'paystack:%') THEN NULL ELSE now() END,
    coalesce("in_recorded_at", now()), coalesce("in_kind", 'plan'),
    "discount",
    CASE WHEN "in_discount_reason" IS NULL THEN NULL ELSE "in_discount_bp" END,
    "in_discount_reason",
    coalesce("in_paid_on_source",
      CASE WHEN "in_recorded_at" IS NULL THEN 'recorded' ELSE 'offline' END))
  ON CONFLICT ("business_id", "idempotency_key") DO NOTHING
  RETURNING * INTO "paid";
  IF NOT FOUND THEN
    UPDATE "receipt_counters" c SET "last_seq" = c."last_seq" - 1 WHERE c."business_id" = "in_business";
    "status" := 'key_used';
    RETURN;
  END IF;
  -- (e) A freeze fee buys no period: no subscription (the freeze moved the dates).
  IF "in_kind" = 'freeze_fee' THEN
    "group_member_ids" := '{}';
  ELSE
  -- (e) The last day of the member's running subscription of this plan (after the lock: every
  -- renewal committed before is seen).
  SELECT max(x."expiry_date") INTO "running_until" FROM "subscriptions" x
  WHERE x."business_id" = "in_business" AND x."member_id" = "in_member"
    AND x."subscription_type_id" = "in_plan" AND x."expiry_date" >= "in_today" AND x."is_active";
  -- (f) A renewal starts the day after the running period's last day, else today.
  "first_day" := CASE WHEN "running_until" >= "in_today" THEN "running_until" + 1 ELSE "in_today" END;
  INSERT INTO "subscriptions" ("business_id", "member_id", "subscription_type_id", "payment_id",
    "start_date", "expiry_date", "duration", "duration_type", "plan_duration", "amount_kobo")
  VALUES ("in_business", "in_member", "in_plan", "paid"."id", "first_day",
    "kora_period_end"("first_day", "found_member"."duration_type", "found_member"."duration" * "in_periods"),
    "in_periods", "found_member"."duration_type", "found_member"."duration", "paid"."amount_kobo")
  RETURNING * INTO "bought";
  -- (f2) Each member the group plan covers: the same plan and days as the payer's subscription,
  -- linked to it, without a payment or an amount (the payment is counted once, on the payer).
  IF "covered" IS NOT NULL AND cardinality("covered") > 0 THEN
    INSERT INTO "subscriptions" ("business_id", "member_id", "subscription_type_id", "payment_id",
      "start_date", "expiry_date", "duration", "duration_type", "plan_duration", "amount_kobo",
      "group_subscription_id")
    SELECT "in_business", g, "in_plan", NULL, "bought"."start_date", "bought"."expiry_date",
      "bought"."duration", "bought"."duration_type", "bought"."plan_duration", 0, "bought"."id"
    FROM unnest("covered") g ORDER BY g;
    "group_member_ids" := "covered";
  ELSE
    "group_member_ids" := '{}';
  END IF;
  END IF;
  -- (f3) The audit trail's entry, naming the team user as they are now (name and role).
  IF "in_recorded_by" IS NOT NULL THEN
    SELECT left(trim(u."first_name" || ' ' || u."last_name"), 200), u."role"
    INTO "by_name", "by_role" FROM "users" u WHERE u."id" = "in_recorded_by";
  END IF;
  INSERT INTO "audit_entries" ("business_id", "actor_kind", "actor_user_id", "actor_name",
    "actor_role", "action", "record_kind", "record_id", "record_label", "member_id", "payment_id",
    "detail")
  VALUES ("in_business", "in_actor_kind", "in_recorded_by", "by_name",
    "by_role", 'payment.record', 'payment', "paid"."id", "paid"."receipt_number",
    "in_member", "paid"."id",
    jsonb_build_object(
      'amount_kobo', "paid"."amount_kobo",
      'method', "paid"."method",
      'plan', "found_member"."plan_name",
      'periods', "paid"."duration",
      'start_date', "bought"."start_date",
      'expiry_date', "bought"."expiry_date",
      'covered_member_ids', to_jsonb(coalesce("covered", '{}'::integer[])),
      'kind', "paid"."kind",
      'member_name', trim("found_member"."first_name" || ' ' || "found_member"."last_name"))
    || CASE WHEN "in_recorded_at" IS NULL THEN '{}'::jsonb
      ELSE jsonb_build_object('recorded_at', "paid"."recorded_at") END
    || CASE WHEN "paid"."discount_reason" IS NULL THEN '{}'::jsonb
      ELSE jsonb_build_object('price_kobo', "expected", 'discount_kobo', "paid"."discount_kobo",
        'discount_percent', "paid"."discount_bp" / 100.0, 'discount_reason', "paid"."discount_reason") END
    || CASE WHEN "paid"."paid_on_source" = 'recorded' THEN '{}'::jsonb
      ELSE jsonb_build_object('paid_on', "paid"."paid_on", 'paid_on_source', "paid"."paid_on_source") END);
  -- (g) The answer.
  "status" := 'recorded';
  "payment_id" := "paid"."id";
  "payment_amount_kobo" := "paid"."amount_kobo";
  "payment_duration" := "paid"."duration";
  "payment_method" := "paid"."method";
  "payment_purpose" := "paid"."purpose";
  "payment_idempotency_key" := "paid"."idempotency_key";
  "payment_recorded_by" := "paid"."recorded_by";
  "payment_created_at" := "paid"."created_at";
  "payment_recorded_at" := "paid"."recorded_at";
  "payment_paid_on" := "paid"."paid_on";
  "subscription_id" := "bought"."id";
  "subscription_start_date" := "bought"."start_date";
  "subscription_expiry_date" := "bought"."expiry_date";
  "subscription_duration" := "bought"."duration";
  "subscription_duration_type" := "bought"."duration_type";
  "subscription_plan_duration" := "bought"."plan_duration";
  "subscription_amount_kobo" := "bought"."amount_kobo";
  "subscription_is_active" := "bought"."is_active";
  "subscription_is_first" := "bought"."is_first";
  "subscription_created_at" := "bought"."created_at";
  "member_picture_url" := "found_member"."picture_url";
  "member_first_name" := "found_member"."first_name";
  "member_last_name" := "found_member"."last_name";
  "member_email_address" := "found_member"."email_address";
  "plan_name" := "found_member"."plan_name";
  "plan_is_grouped" := "found_member"."is_grouped";
  "plan_duration_type" := "found_member"."duration_type";
  "payment_receipt_seq" := "paid"."receipt_seq";
  "payment_receipt_number" := "paid"."receipt_number";
  "payment_receipt_token" := "paid"."receipt_token";
  "payment_confirmed_at" := "paid"."confirmed_at";
  "payment_recorded_by_name" := "by_name";
  "payment_discount_kobo" := "paid"."discount_kobo";
  "payment_discount_bp" := "paid"."discount_bp";
  "payment_discount_reason" := "paid"."discount_reason";
  "payment_paid_on_source" := "paid"."paid_on_source";
  RETURN;
END $$;
