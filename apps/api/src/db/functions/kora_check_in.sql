-- Records a check-in in ONE statement (one round trip). At the desk and the kiosk it runs in
-- autocommit (the statement is the transaction), so the member's row stays locked only while
-- the database works; the day pass runs it inside the transaction of its payment, so the
-- verdict counts that payment and the row stays locked until the sale commits. The server has
-- read the member's cover and decided the verdict just before (kora_member_cover); this call
-- locks the member's row and then, each statement seeing what was committed before the lock was
-- granted (READ COMMITTED, a VOLATILE function):
--   member_not_found  no such member in this business (nothing written)
--   replayed          the Idempotency-Key was used before for the same details: `visit_id` is
--                     the visit it answered (nothing written)
--   key_reused        the key was used before with other details (nothing written)
--   stale             the member's cover or account changed since the server read them: the
--                     verdict must be decided again (nothing written)
--   repeat            the member has a visit within 2 hours of this one, either side (from
--                     `in_since` to `in_until`: an offline desk's visit arrives later than
--                     visits recorded after it): `visit_id` is it, nothing new is recorded
--                     (two desks at once record one visit)
--   refused           the verdict is red and no reason was given (nothing written)
--   recorded          the visit was inserted: `visit_id`
-- With a key, the key is claimed (keeping the visit answered) in the same statement; a
-- concurrent request with the same key waits for this one and then answers its visit.
-- `in_audit` (a "Let in anyway": a red verdict with a reason) is the audit trail's entry for the
-- visit, as the server wrote it (column name → value); it is inserted with the visit, its
-- record_id the visit's id, and only if the visit is recorded. So an override is one statement
-- in autocommit like any other check-in: the rows every visit updates (the business's visits of
-- the hour) stay locked only while the database works, never across a round trip to the server.
CREATE OR REPLACE FUNCTION "kora_check_in"(
  "in_business" integer, "in_member" integer, "in_since" timestamptz, "in_until" timestamptz,
  "in_cover" text,
  "in_active" boolean, "in_refuse" boolean, "in_key" varchar, "in_fingerprint" varchar,
  "in_visited_at" timestamptz, "in_recorded_by" integer, "in_kiosk_token" integer,
  "in_found_by" varchar, "in_verdict_status" varchar, "in_override_reason" varchar,
  "in_subscription" integer, "in_audit" jsonb,
  OUT "status" varchar, OUT "visit_id" integer
) RETURNS record LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  "active" boolean;
  "earlier_key" record;
BEGIN
  -- The member's row, held until the statement ends: one check-in at a time per member.
  SELECT m."is_active" INTO "active" FROM "members" m
  WHERE m."business_id" = "in_business" AND m."id" = "in_member" FOR UPDATE;
  IF NOT FOUND THEN
    "status" := 'member_not_found';
    RETURN;
  END IF;
  IF "in_key" IS NOT NULL THEN
    -- Claimed now, so a simultaneous request with the key waits here for this one's answer.
    INSERT INTO "idempotency_keys" ("business_id", "scope", "key", "fingerprint")
    VALUES ("in_business", 'visit', "in_key", "in_fingerprint") ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      SELECT k."fingerprint", k."entity_id" INTO "earlier_key" FROM "idempotency_keys" k
      WHERE k."business_id" = "in_business" AND k."scope" = 'visit' AND k."key" = "in_key";
      IF "earlier_key"."fingerprint" = "in_fingerprint" AND "earlier_key"."entity_id" IS NOT NULL THEN
        "status" := 'replayed';
        "visit_id" := "earlier_key"."entity_id";
      ELSE
        "status" := 'key_reused';
      END IF;
      RETURN;
    END IF;
  END IF;
  IF "active" IS DISTINCT FROM "in_active"
    OR "kora_member_cover"("in_business", "in_member")::text IS DISTINCT FROM "in_cover" THEN
    "status" := 'stale';
  ELSE
    SELECT v."id" INTO "visit_id" FROM "visits" v
    WHERE v."business_id" = "in_business" AND v."member_id" = "in_member"
      AND v."visited_at" >= "in_since" AND v."visited_at" <= "in_until"
    ORDER BY v."visited_at" DESC, v."id" DESC LIMIT 1;
    IF "visit_id" IS NOT NULL THEN
      "status" := 'repeat';
    ELSIF "in_refuse" THEN
      "status" := 'refused';
    ELSE
      -- The visit's id is taken first, so that what goes with the visit (the audit entry of a
      -- "Let in anyway", the key's answer) is written before it: the visit's insert is the
      -- statement's last write, and the row its roll-up updates, the business's visits of the
      -- hour, which every check-in of the business updates, stays locked only until the commit.
      "visit_id" := nextval('"visits_id_seq"');
      IF "in_audit" IS NOT NULL THEN
        INSERT INTO "audit_entries" ("business_id", "actor_kind", "actor_user_id", "actor_name",
          "actor_role", "action", "record_kind", "record_id", "record_label", "member_id",
          "payment_id", "changes", "detail")
        SELECT "in_business", a."actor_kind", a."actor_user_id", a."actor_name", a."actor_role",
          a."action", a."record_kind", "visit_id", a."record_label", a."member_id", a."payment_id",
          coalesce(a."changes", '{}'::jsonb), coalesce(a."detail", '{}'::jsonb)
        FROM jsonb_populate_record(NULL::"audit_entries", "in_audit") a;
      END IF;
      IF "in_key" IS NOT NULL THEN
        UPDATE "idempotency_keys" k SET "entity_id" = "visit_id"
        WHERE k."business_id" = "in_business" AND k."scope" = 'visit' AND k."key" = "in_key";
      END IF;
      INSERT INTO "visits" ("id", "business_id", "member_id", "visited_at", "recorded_by_user_id",
        "kiosk_token_id", "found_by", "verdict_status", "override_reason", "subscription_id")
      VALUES ("visit_id", "in_business", "in_member", "in_visited_at", "in_recorded_by",
        "in_kiosk_token", "in_found_by", "in_verdict_status", "in_override_reason",
        "in_subscription");
      "status" := 'recorded';
      RETURN;
    END IF;
  END IF;
  IF "in_key" IS NOT NULL THEN
    IF "visit_id" IS NULL THEN
      -- Nothing answered under the key: free it, as a refused request leaves no key behind.
      DELETE FROM "idempotency_keys" k
      WHERE k."business_id" = "in_business" AND k."scope" = 'visit' AND k."key" = "in_key";
    ELSE
      UPDATE "idempotency_keys" k SET "entity_id" = "visit_id"
      WHERE k."business_id" = "in_business" AND k."scope" = 'visit' AND k."key" = "in_key";
    END IF;
  END IF;
END $$;
