CREATE TABLE "blog_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(120) NOT NULL,
	"title" varchar(200) NOT NULL,
	"excerpt" varchar(500) NOT NULL,
	"thumbnail" varchar(2048),
	"content" text NOT NULL,
	"content_html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_code" varchar(16) NOT NULL,
	"business_name" varchar(120) NOT NULL,
	"business_email" varchar(254) NOT NULL,
	"member_stats" varchar(10) NOT NULL,
	"features" text[] NOT NULL,
	"how_you_found_us" varchar(200) NOT NULL,
	"contact_number" varchar(30),
	"additional_information" text,
	"ip" varchar(64) NOT NULL,
	"idempotency_key" varchar(100),
	"fingerprint" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "blog_articles_slug_idx" ON "blog_articles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_articles_created_idx" ON "blog_articles" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_tickets_code_idx" ON "sales_tickets" USING btree ("ticket_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_tickets_idempotency_key_idx" ON "sales_tickets" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sales_tickets_created_idx" ON "sales_tickets" USING btree ("created_at");