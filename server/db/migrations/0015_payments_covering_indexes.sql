DROP INDEX "payments_club_period_idx";--> statement-breakpoint
CREATE INDEX "payments_club_period_due_idx" ON "payments" USING btree ("club_id","period","due_date","id") INCLUDE ("status","user_id","amount_due","amount_paid");--> statement-breakpoint
CREATE INDEX "payments_club_owing_due_idx" ON "payments" USING btree ("club_id","due_date") INCLUDE ("amount_due","amount_paid") WHERE "status" IN ('pending', 'partial', 'rejected');
