-- The audit trail is written once and never changed or removed: any UPDATE or DELETE of an
-- entry, and any TRUNCATE of the table, is refused by the database itself, whatever code runs it.
-- One exception, for the Nigeria Data Protection Act's right to erasure: kora_erase_member_audit
-- marks a member erased and, in that transaction, rewrites the entries about them. An UPDATE
-- passes only when `kora.erase_member` names the entry's business and member, that member is
-- erased, and the new row is exactly the entry with the member's data erased
-- (kora_audit_erased: their names, phone and e-mail replaced by "Erased member {member ID}",
-- their personal fields' before → after "(erased)", the personal keys of the detail dropped).
-- So whoever sets the setting can write nothing else: no other member's entries, no other
-- value, no other column (who acted, what they did, on which record and when).
CREATE OR REPLACE FUNCTION "audit_entries_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "erasing" text := coalesce(current_setting('kora.erase_member', true), '');
  "m" "members";
BEGIN
  IF TG_OP = 'UPDATE' AND "erasing" <> '' AND OLD."member_id" IS NOT NULL
    AND "erasing" = OLD."business_id" || ':' || OLD."member_id" THEN
    SELECT * INTO "m" FROM "members"
    WHERE "business_id" = OLD."business_id" AND "id" = OLD."member_id"
      AND "erased_at" IS NOT NULL;
    IF FOUND AND NEW IS NOT DISTINCT FROM "kora_audit_erased"(OLD, "m") THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit entries cannot be changed or removed';
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "audit_entries_immutable" BEFORE DELETE OR UPDATE ON "audit_entries"
FOR EACH ROW EXECUTE FUNCTION "audit_entries_immutable"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_immutable"();
