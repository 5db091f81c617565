ALTER TABLE "businesses" ADD COLUMN "kiosk_typed_entry" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "kiosk_pin_hash" varchar(255);