-- The last day included in a period of `n` units starting on `start`: the same rule as periodEnd
-- in packages/shared/src/dates.ts (the web app's preview), and a test proves both agree on every
-- start day of 2027-2029, every unit and n 1..25. Days and weeks end the day before start + n
-- units; months and years too, unless start + n months was clamped to a shorter month's last
-- day (31 Jan + 1 month = 28 Feb): then that last day is included, so a renewal starts on the 1st.
-- One expression without a subquery, so PostgreSQL inlines it into the statement that calls it
-- (a call of a SQL function it cannot inline costs a tenth of a payment's database time).
CREATE OR REPLACE FUNCTION "kora_period_end"("start" date, "unit" varchar, "n" integer) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN "unit" = 'day' THEN "start" + ("n" - 1)
    WHEN "unit" = 'week' THEN "start" + (7 * "n" - 1)
    WHEN "unit" IN ('month', 'year') THEN
      CASE WHEN extract(day FROM "start" + make_interval(months => "n" * CASE WHEN "unit" = 'year' THEN 12 ELSE 1 END))
          < extract(day FROM "start")
        THEN ("start" + make_interval(months => "n" * CASE WHEN "unit" = 'year' THEN 12 ELSE 1 END))::date
        ELSE ("start" + make_interval(months => "n" * CASE WHEN "unit" = 'year' THEN 12 ELSE 1 END))::date - 1
      END
  END
$$;
