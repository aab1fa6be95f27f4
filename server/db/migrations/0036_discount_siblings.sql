-- Issue #34 item 2: a discount can be a sibling rule (kind 'siblings'): value = the percentage off
-- the second child of a family, third_value = off the third and later; only that kind has one.
ALTER TABLE "discounts" DROP CONSTRAINT "discounts_kind_valid";--> statement-breakpoint
ALTER TABLE "discounts" DROP CONSTRAINT "discounts_value_valid";--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "third_value" integer;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_third_value_valid" CHECK (("discounts"."kind" = 'siblings') = ("discounts"."third_value" is not null) and ("discounts"."third_value" is null or "discounts"."third_value" between 1 and 100));--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_kind_valid" CHECK ("discounts"."kind" in ('percentage', 'fixed', 'siblings'));--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_value_valid" CHECK ("discounts"."value" > 0 and ("discounts"."kind" = 'fixed' or "discounts"."value" <= 100));