CREATE TABLE "charge_categories" (
	"charge_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "charge_categories_charge_id_category_id_pk" PRIMARY KEY("charge_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "charge_discounts" (
	"charge_id" integer NOT NULL,
	"discount_id" integer NOT NULL,
	CONSTRAINT "charge_discounts_charge_id_discount_id_pk" PRIMARY KEY("charge_id","discount_id")
);
--> statement-breakpoint
CREATE TABLE "charge_players" (
	"charge_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"excluded" boolean DEFAULT false NOT NULL,
	CONSTRAINT "charge_players_charge_id_user_id_pk" PRIMARY KEY("charge_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "charge_price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_id" integer NOT NULL,
	"old_amount" bigint NOT NULL,
	"new_amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"changed_by" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"name" text NOT NULL,
	"concept" text NOT NULL,
	"amount" bigint NOT NULL,
	"frequency_id" integer NOT NULL,
	"due_day" smallint,
	"due_date" date,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"scope" text DEFAULT 'all' NOT NULL,
	"applies_to_new_players" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_concept_valid" CHECK ("charges"."concept" in ('training_fee', 'enrollment', 'uniform', 'event', 'other')),
	CONSTRAINT "charges_scope_valid" CHECK ("charges"."scope" in ('all', 'categories', 'players')),
	CONSTRAINT "charges_status_valid" CHECK ("charges"."status" in ('active', 'inactive')),
	CONSTRAINT "charges_amount_valid" CHECK ("charges"."amount" >= 0),
	CONSTRAINT "charges_due_day_valid" CHECK ("charges"."due_day" is null or "charges"."due_day" between 1 and 31),
	CONSTRAINT "charges_due_valid" CHECK ("charges"."due_day" is not null or "charges"."due_date" is not null),
	CONSTRAINT "charges_validity_valid" CHECK ("charges"."valid_until" is null or "charges"."valid_from" <= "charges"."valid_until")
);
--> statement-breakpoint
CREATE TABLE "club_payment_methods" (
	"club_id" integer NOT NULL,
	"payment_method_id" integer NOT NULL,
	"accepted" boolean DEFAULT true NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_payment_methods_club_id_payment_method_id_pk" PRIMARY KEY("club_id","payment_method_id")
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_kind_valid" CHECK ("discounts"."kind" in ('percentage', 'fixed')),
	CONSTRAINT "discounts_status_valid" CHECK ("discounts"."status" in ('active', 'inactive')),
	CONSTRAINT "discounts_value_valid" CHECK ("discounts"."value" > 0 and ("discounts"."kind" <> 'percentage' or "discounts"."value" <= 100))
);
--> statement-breakpoint
CREATE TABLE "player_discounts" (
	"club_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"discount_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_discounts_club_id_user_id_discount_id_pk" PRIMARY KEY("club_id","user_id","discount_id")
);
--> statement-breakpoint
ALTER TABLE "charge_categories" ADD CONSTRAINT "charge_categories_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_categories" ADD CONSTRAINT "charge_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_discounts" ADD CONSTRAINT "charge_discounts_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_discounts" ADD CONSTRAINT "charge_discounts_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_players" ADD CONSTRAINT "charge_players_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_players" ADD CONSTRAINT "charge_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_price_changes" ADD CONSTRAINT "charge_price_changes_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_price_changes" ADD CONSTRAINT "charge_price_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_frequency_id_frequencies_id_fk" FOREIGN KEY ("frequency_id") REFERENCES "public"."frequencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_payment_methods" ADD CONSTRAINT "club_payment_methods_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_payment_methods" ADD CONSTRAINT "club_payment_methods_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_discounts" ADD CONSTRAINT "player_discounts_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_discounts" ADD CONSTRAINT "player_discounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_discounts" ADD CONSTRAINT "player_discounts_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charge_price_changes_charge_idx" ON "charge_price_changes" USING btree ("charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_club_name_unique" ON "charges" USING btree ("club_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_club_name_unique" ON "discounts" USING btree ("club_id",lower("name"));--> statement-breakpoint
CREATE INDEX "player_discounts_discount_idx" ON "player_discounts" USING btree ("discount_id");