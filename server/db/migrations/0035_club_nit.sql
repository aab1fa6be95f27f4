-- Issue #34 item 5: the club's NIT, printed on its receipts for an accountant (optional:
-- a club without one gets receipts without the line).
ALTER TABLE "pla_club_teams" ADD COLUMN "nit" text;