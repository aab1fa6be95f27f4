CREATE TABLE "club_receipt_counters" (
	"club_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer,
	"record_id" integer,
	"amount" bigint,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"payment_method_id" integer,
	"paid_on" date NOT NULL,
	"reference" text,
	"note" text,
	"proof_path" text,
	"status" text NOT NULL,
	"receipt_number" integer,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"rejection_reason" text,
	"recorded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_records_amount_valid" CHECK ("payment_records"."amount" > 0),
	CONSTRAINT "payment_records_status_valid" CHECK ("payment_records"."status" in ('in_review', 'approved', 'rejected')),
	CONSTRAINT "payment_records_receipt_valid" CHECK (("payment_records"."status" = 'approved') = ("payment_records"."receipt_number" is not null))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"charge_id" integer NOT NULL,
	"period" date NOT NULL,
	"covers_from" date NOT NULL,
	"covers_to" date NOT NULL,
	"due_date" date NOT NULL,
	"base_amount" bigint NOT NULL,
	"discount_amount" bigint DEFAULT 0 NOT NULL,
	"amount_due" bigint NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"discounts_applied" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_reason" text,
	"status_changed_at" timestamp with time zone,
	"status_changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_charge_user_period_unique" UNIQUE("charge_id","user_id","period"),
	CONSTRAINT "payments_status_valid" CHECK ("payments"."status" in ('pending', 'partial', 'in_review', 'paid', 'rejected', 'cancelled', 'exempt')),
	CONSTRAINT "payments_amounts_valid" CHECK ("payments"."base_amount" >= 0 and "payments"."discount_amount" >= 0 and "payments"."amount_due" = "payments"."base_amount" - "payments"."discount_amount" and "payments"."amount_due" >= 0 and "payments"."amount_paid" >= 0 and "payments"."amount_paid" <= "payments"."amount_due"),
	CONSTRAINT "payments_covers_valid" CHECK ("payments"."covers_from" <= "payments"."covers_to"),
	CONSTRAINT "payments_reason_valid" CHECK ("payments"."status" not in ('cancelled', 'exempt') or "payments"."status_reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD COLUMN "non_billing_months" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "club_receipt_counters" ADD CONSTRAINT "club_receipt_counters_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_record_id_payment_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."payment_records"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_records_club_receipt_unique" ON "payment_records" USING btree ("club_id","receipt_number") WHERE "payment_records"."receipt_number" is not null;--> statement-breakpoint
CREATE INDEX "payment_records_payment_idx" ON "payment_records" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_records_club_reviewed_idx" ON "payment_records" USING btree ("club_id","status","reviewed_at");--> statement-breakpoint
CREATE INDEX "payments_club_period_idx" ON "payments" USING btree ("club_id","period","id");--> statement-breakpoint
CREATE INDEX "payments_club_status_due_idx" ON "payments" USING btree ("club_id","status","due_date");--> statement-breakpoint
CREATE INDEX "payments_club_user_idx" ON "payments" USING btree ("club_id","user_id");--> statement-breakpoint
ALTER TABLE "pla_club_teams" ADD CONSTRAINT "pla_club_teams_non_billing_months_valid" CHECK ("pla_club_teams"."non_billing_months" <@ array[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);