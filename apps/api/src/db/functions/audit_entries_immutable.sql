-- The audit trail is written once and never changed or removed: any UPDATE or DELETE of an
-- entry, and any TRUNCATE of the table, is refused by the database itself, whatever code runs it.
CREATE OR REPLACE FUNCTION "audit_entries_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries cannot be changed or removed';
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "audit_entries_immutable" BEFORE DELETE OR UPDATE ON "audit_entries"
FOR EACH ROW EXECUTE FUNCTION "audit_entries_immutable"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_immutable"();
