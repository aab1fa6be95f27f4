-- A mass communication is sent once per key the browser made for the composed message
-- (issue #17): the same sender and key is a retry or a double click, answered with the
-- first communication. The unique index decides between two requests at once. Earlier
-- rows get a random key, so they never match a new request.
ALTER TABLE "mass_communications" ADD COLUMN "idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "mass_communications_sender_key_idx" ON "mass_communications" USING btree ("sender_user_id","idempotency_key");