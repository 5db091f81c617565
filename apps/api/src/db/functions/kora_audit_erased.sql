-- An audit entry about member `m` as it reads once they are erased (m still holding the details
-- erasure removes): their names, phone and e-mail, wherever the entry wrote them, become
-- "Erased member {member ID}" (the names erasure gives them); an entry about the member is
-- labelled so, and so is an entry the member wrote (actor_name); the before → after of their
-- personal fields becomes "(erased)" (the fields members.service.ts lists as PERSONAL_FIELDS);
-- the detail's keys that may name or reach a person are dropped. Nothing else changes. The
-- audit trail's trigger allows an erasure to write exactly this, nothing else.
CREATE OR REPLACE FUNCTION "kora_audit_erased"("e" "audit_entries", "m" "members") RETURNS "audit_entries" LANGUAGE plpgsql STABLE AS $$
DECLARE
  "label" text := 'Erased member ' || "m"."member_id";
  "label_json" text := substr(to_jsonb("label")::text, 2, length(to_jsonb("label")::text) - 2);
  "personal" text[] := array['first_name', 'middle_name', 'last_name', 'mobile_number',
    'email_address', 'home_address', 'city', 'state', 'date_of_birth', 'gender',
    'emergency_contact_name', 'emergency_contact_number', 'emergency_contact_relationship',
    'picture_url', 'card_code'];
  "personal_keys" text[] := array['to', 'phone', 'email', 'name', 'first_name', 'last_name',
    'reason', 'mobile_number', 'email_address'];
  "identifiers" text[];
  "v" text;
  "v_json" text;
  "record_label" text := "e"."record_label";
  "changes" text;
  "detail" text;
BEGIN
  -- The longest first: the name with the middle name before the name without it.
  "identifiers" := array(
    SELECT "x" FROM unnest(array[
      CASE WHEN coalesce("m"."middle_name", '') <> ''
        THEN "m"."first_name" || ' ' || "m"."middle_name" || ' ' || "m"."last_name" END,
      trim("m"."first_name" || ' ' || "m"."last_name"),
      "m"."mobile_number",
      "m"."email_address"]) WITH ORDINALITY AS "i"("x", "n")
    WHERE length("x") >= 3 ORDER BY "n");
  SELECT coalesce(jsonb_object_agg("k", CASE WHEN "k" = ANY("personal")
      THEN '{"from": "(erased)", "to": "(erased)"}'::jsonb ELSE "c"."v" END), '{}'::jsonb)::text
    INTO "changes" FROM jsonb_each("e"."changes") AS "c"("k", "v");
  "detail" := ("e"."detail" - "personal_keys")::text;
  FOREACH "v" IN ARRAY "identifiers" LOOP
    "v_json" := substr(to_jsonb("v")::text, 2, length(to_jsonb("v")::text) - 2);
    "record_label" := replace("record_label", "v", "label");
    "changes" := replace("changes", "v_json", "label_json");
    "detail" := replace("detail", "v_json", "label_json");
  END LOOP;
  "e"."record_label" := left(CASE WHEN "e"."record_kind" = 'member' THEN "label"
    ELSE "record_label" END, 200);
  "e"."actor_name" := CASE WHEN "e"."actor_kind" = 'member' THEN "label" ELSE "e"."actor_name" END;
  "e"."changes" := "changes"::jsonb;
  "e"."detail" := "detail"::jsonb;
  RETURN "e";
END $$;
