CREATE TABLE "agreement_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"series_id" integer NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"series_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"business_id" integer NOT NULL,
	"pro_staff_id" integer NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"commission_rate_bps" integer NOT NULL,
	"gear_allowance_minor" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"pro_deal_discount_percent" integer DEFAULT 0 NOT NULL,
	"duties" text DEFAULT '' NOT NULL,
	"posts_per_term" integer DEFAULT 0 NOT NULL,
	"events_per_term" integer DEFAULT 0 NOT NULL,
	"field_test_reports_per_term" integer DEFAULT 0 NOT NULL,
	"exclusivity_category" text,
	"conflict_acknowledged" boolean DEFAULT false NOT NULL,
	"offered_by_user_id" integer,
	"accepted_by_user_id" integer,
	"accepted_at" timestamp with time zone,
	"accepted_ip" text,
	"ended_by_user_id" integer,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_events" ADD CONSTRAINT "agreement_events_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_events" ADD CONSTRAINT "agreement_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_series_id_agreements_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_pro_staff_id_pro_staff_profiles_id_fk" FOREIGN KEY ("pro_staff_id") REFERENCES "public"."pro_staff_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_offered_by_user_id_users_id_fk" FOREIGN KEY ("offered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_ended_by_user_id_users_id_fk" FOREIGN KEY ("ended_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_events_series_idx" ON "agreement_events" USING btree ("series_id","id");--> statement-breakpoint
CREATE INDEX "agreements_business_status_idx" ON "agreements" USING btree ("business_id","status");--> statement-breakpoint
CREATE INDEX "agreements_pro_staff_status_idx" ON "agreements" USING btree ("pro_staff_id","status");--> statement-breakpoint
CREATE INDEX "agreements_series_idx" ON "agreements" USING btree ("series_id") WHERE "agreements"."series_id" is not null;