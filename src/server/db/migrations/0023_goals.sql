CREATE TABLE "goals" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"pro_staff_id" integer NOT NULL,
	"sales_target_minor" integer,
	"sales_currency" text,
	"posts_target" integer,
	"events_target" integer,
	"reports_target" integer,
	"reached_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_pro_staff_id_pro_staff_profiles_id_fk" FOREIGN KEY ("pro_staff_id") REFERENCES "public"."pro_staff_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "goals_season_pro_staff_idx" ON "goals" USING btree ("season_id","pro_staff_id");--> statement-breakpoint
CREATE INDEX "goals_pro_staff_idx" ON "goals" USING btree ("pro_staff_id");--> statement-breakpoint
CREATE INDEX "goals_unnotified_idx" ON "goals" USING btree ("season_id") WHERE "goals"."reached_notified_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_business_name_idx" ON "seasons" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "seasons_ends_on_idx" ON "seasons" USING btree ("ends_on");