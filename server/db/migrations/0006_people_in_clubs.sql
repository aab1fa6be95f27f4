CREATE TABLE "players" (
	"club_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"position" text,
	"dominant_foot" text,
	"jersey_number" integer,
	"enrollment_date" date,
	"payment_modality" text,
	"eps" text,
	"blood_type" text,
	"allergies" text,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"guardian_name" text,
	"guardian_phone" text,
	"guardian_email" text,
	"guardian_relationship" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_club_id_user_id_pk" PRIMARY KEY("club_id","user_id"),
	CONSTRAINT "players_status_valid" CHECK ("players"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "category_trainers" (
	"category_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_trainers_category_id_user_id_pk" PRIMARY KEY("category_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "trainers" (
	"club_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainers_club_id_user_id_pk" PRIMARY KEY("club_id","user_id"),
	CONSTRAINT "trainers_status_valid" CHECK ("trainers"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_trainers" ADD CONSTRAINT "category_trainers_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_trainers" ADD CONSTRAINT "category_trainers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainers" ADD CONSTRAINT "trainers_club_id_pla_club_teams_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."pla_club_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainers" ADD CONSTRAINT "trainers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "players_club_category_idx" ON "players" USING btree ("club_id","category_id");--> statement-breakpoint
CREATE INDEX "category_trainers_user_idx" ON "category_trainers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_document_idx" ON "users" USING btree ("document_number","document_type");