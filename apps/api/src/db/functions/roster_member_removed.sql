-- A deleted member leaves the desks' copies too: the delete is kept as a removal, stamped with
-- the deleting transaction, which the roster call answers in `removed` after a device's cursor.
CREATE OR REPLACE FUNCTION "roster_member_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "roster_removals" ("business_id", "member_id", "roster_tx")
  VALUES (OLD."business_id", OLD."id", pg_current_xact_id()::text::bigint);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "roster_member_removed" AFTER DELETE ON "members" FOR EACH ROW EXECUTE FUNCTION "roster_member_removed"();
