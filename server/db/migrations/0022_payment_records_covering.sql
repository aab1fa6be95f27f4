-- The Pagos header reads the club's records in review (any period) and the month's
-- approved records (by approval instant) for their amounts: with the amount in the index
-- both are read from it alone, not from the records' heap (bench/README.md "The payments
-- grid": the summary).
DROP INDEX "payment_records_club_reviewed_idx";--> statement-breakpoint
CREATE INDEX "payment_records_club_reviewed_idx" ON "payment_records" USING btree ("club_id","status","reviewed_at") INCLUDE ("amount");
