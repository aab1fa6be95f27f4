-- The owing-and-due index of migration 0015 also carries each payment's billed category and
-- player, so the accountant's debtors by category (issue #16: overdue payments per category,
-- distinct players, Σ balance) read the index alone, as the overdue figures already do.
DROP INDEX IF EXISTS "payments_club_owing_due_idx";--> statement-breakpoint
CREATE INDEX "payments_club_owing_due_idx" ON "payments" USING btree ("club_id","due_date") INCLUDE ("amount_due","amount_paid","category_id","user_id") WHERE "status" IN ('pending', 'partial', 'rejected');
