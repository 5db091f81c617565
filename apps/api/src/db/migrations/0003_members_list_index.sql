-- The first list index was DESC NULLS LAST, which cannot serve ORDER BY created_at DESC (NULLS FIRST);
-- an ascending index scanned backwards serves newest-first paging.
DROP INDEX "members_business_created_idx";--> statement-breakpoint
CREATE INDEX "members_business_created_idx" ON "members" USING btree ("business_id","created_at","id");