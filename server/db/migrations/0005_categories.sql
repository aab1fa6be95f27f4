CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"name" text NOT NULL,
	"sport" text,
	"gender" text NOT NULL,
	"birth_year_from" integer NOT NULL,
	"birth_year_to" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_gender_valid" CHECK ("categories"."gender" in ('male', 'female', 'mixed')),
	CONSTRAINT "categories_status_valid" CHECK ("categories"."status" in ('active', 'inactive')),
	CONSTRAINT "categories_birth_years_valid" CHECK ("categories"."birth_year_to" is null or "categories"."birth_year_from" <= "categories"."birth_year_to")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_club_name_unique" ON "categories" USING btree ("club_id",lower("name"));