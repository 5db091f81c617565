-- Adds to the roll-up of a closed day (a day the daily close has passed) what a late write
-- brings: payments, their kobo, first subscriptions and ended subscriptions of one plan and one
-- payment method, each given as a change (negative to take away). The roll-up triggers of
-- payments and subscriptions call it.
CREATE OR REPLACE FUNCTION "payment_days_add"(b integer, d date, plan integer, m varchar, n integer, kobo bigint, firsts integer, ended integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "payment_days" ("business_id", "day", "subscription_type_id", "method", "payments", "amount_kobo", "first_subscriptions", "ended_subscriptions")
  VALUES (b, d, plan, m, n, kobo, firsts, ended)
  ON CONFLICT ("business_id", "day", "subscription_type_id", "method") DO UPDATE SET
    "payments" = "payment_days"."payments" + excluded."payments",
    "amount_kobo" = "payment_days"."amount_kobo" + excluded."amount_kobo",
    "first_subscriptions" = "payment_days"."first_subscriptions" + excluded."first_subscriptions",
    "ended_subscriptions" = "payment_days"."ended_subscriptions" + excluded."ended_subscriptions"
$$;
