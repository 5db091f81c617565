-- The audit trail is written once and never changed or removed: any UPDATE or DELETE of an
-- entry, and any TRUNCATE of the table, is refused by the database itself, whatever code runs it.
-- One exception, for the Nigeria Data Protection Act's right to erasure: while a transaction
-- erases a member it sets `kora.erase_member` to '{business id}:{member id}' (set_config, local
-- to the transaction), and then, in that transaction only, the entries about that member may have
-- their label, changes, detail and actor name rewritten (the erased person's data removed). Who
-- acted, what they did, on which record and when can never change.
CREATE OR REPLACE FUNCTION "audit_entries_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND coalesce(current_setting('kora.erase_member', true), '') <> ''
    AND current_setting('kora.erase_member', true) = OLD.business_id || ':' || OLD.member_id
    AND NEW.id = OLD.id
    AND NEW.business_id = OLD.business_id
    AND NEW.at = OLD.at
    AND NEW.actor_kind = OLD.actor_kind
    AND NEW.actor_user_id IS NOT DISTINCT FROM OLD.actor_user_id
    AND NEW.actor_role IS NOT DISTINCT FROM OLD.actor_role
    AND NEW.action = OLD.action
    AND NEW.record_kind = OLD.record_kind
    AND NEW.record_id IS NOT DISTINCT FROM OLD.record_id
    AND NEW.member_id IS NOT DISTINCT FROM OLD.member_id
    AND NEW.payment_id IS NOT DISTINCT FROM OLD.payment_id
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit entries cannot be changed or removed';
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "audit_entries_immutable" BEFORE DELETE OR UPDATE ON "audit_entries"
FOR EACH ROW EXECUTE FUNCTION "audit_entries_immutable"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_immutable"();
