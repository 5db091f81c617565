DROP INDEX "members_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "members_business_search_idx" ON "members" USING gin ("business_id","search_text" gin_trgm_ops);