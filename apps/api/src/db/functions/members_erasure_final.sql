-- An erased member stays erased: members.erased_at, once set, is never cleared again (so
-- erasure's rewrite of the audit trail, which only a member not yet erased can have, happens
-- once per member).
CREATE OR REPLACE FUNCTION "members_erasure_final"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."erased_at" IS NOT NULL AND NEW."erased_at" IS NULL THEN
    RAISE EXCEPTION 'an erased member stays erased';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "members_erasure_final" BEFORE UPDATE OF "erased_at" ON "members"
FOR EACH ROW EXECUTE FUNCTION "members_erasure_final"();
