ALTER TABLE "mass_communications" ADD COLUMN "reached_up_to" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mass_communications" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
-- Communications sent before the queue were delivered in their own transaction.
UPDATE "mass_communications" SET "delivered_at" = "created_at", "reached_up_to" = 2147483647;
