-- Erasure's rewrite of the audit trail: marks the member erased (members.erased_at; an erased
-- member stays erased) and rewrites every entry about them to what kora_audit_erased answers, in
-- the caller's transaction. Call it before the member's details are removed (it reads them to
-- find them in the entries); it refuses a member already erased or not of that business, so it
-- rewrites a member's entries once. SECURITY DEFINER: it runs as the tables' owner, the only
-- role that may change the audit trail at all; the API's role may only call it (db/privileges.ts).
CREATE OR REPLACE FUNCTION "kora_erase_member_audit"("p_business_id" integer, "p_member_id" integer) RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  "rewritten" integer;
BEGIN
  UPDATE "members" SET "erased_at" = now()
  WHERE "business_id" = "p_business_id" AND "id" = "p_member_id" AND "erased_at" IS NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'member % of business % is not there to erase (or already erased)',
      "p_member_id", "p_business_id";
  END IF;
  PERFORM set_config('kora.erase_member', "p_business_id" || ':' || "p_member_id", true);
  UPDATE "audit_entries" "a"
  SET ("record_label", "actor_name", "changes", "detail") = (
    SELECT "x"."record_label", "x"."actor_name", "x"."changes", "x"."detail"
    FROM "kora_audit_erased"("a", "m") AS "x")
  FROM "members" "m"
  WHERE "m"."business_id" = "p_business_id" AND "m"."id" = "p_member_id"
    AND "a"."business_id" = "p_business_id" AND "a"."member_id" = "p_member_id";
  GET DIAGNOSTICS "rewritten" = ROW_COUNT;
  PERFORM set_config('kora.erase_member', '', true);
  RETURN "rewritten";
END $$;
