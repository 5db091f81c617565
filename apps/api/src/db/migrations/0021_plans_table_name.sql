-- The plans table takes its name from the code: `subscription_types` becomes `plans`, with the
-- names that carried the old one (its key, id sequence, index and the foreign keys to it).
-- Renames only: no row is rewritten and no constraint checked again. The column
-- `subscription_type_id` keeps its name (the API's field). The functions that name the table
-- (record_payment) are created again from src/db/functions/ after the migrations.
ALTER TABLE "subscription_types" RENAME TO "plans";--> statement-breakpoint
ALTER SEQUENCE "subscription_types_id_seq" RENAME TO "plans_id_seq";--> statement-breakpoint
ALTER TABLE "plans" RENAME CONSTRAINT "subscription_types_pkey" TO "plans_pkey";--> statement-breakpoint
ALTER TABLE "plans" RENAME CONSTRAINT "subscription_types_business_id_businesses_id_fk" TO "plans_business_id_businesses_id_fk";--> statement-breakpoint
ALTER TABLE "members" RENAME CONSTRAINT "members_subscription_type_id_subscription_types_id_fk" TO "members_subscription_type_id_plans_id_fk";--> statement-breakpoint
ALTER TABLE "payments" RENAME CONSTRAINT "payments_subscription_type_id_subscription_types_id_fk" TO "payments_subscription_type_id_plans_id_fk";--> statement-breakpoint
ALTER TABLE "subscriptions" RENAME CONSTRAINT "subscriptions_subscription_type_id_subscription_types_id_fk" TO "subscriptions_subscription_type_id_plans_id_fk";--> statement-breakpoint
ALTER TABLE "payment_links" RENAME CONSTRAINT "payment_links_subscription_type_id_subscription_types_id_fk" TO "payment_links_subscription_type_id_plans_id_fk";--> statement-breakpoint
ALTER INDEX "subscription_types_business_idx" RENAME TO "plans_business_idx";
