CREATE TABLE "mass_send_lanes" (
	"mass_send_id" integer NOT NULL,
	"lane" integer NOT NULL,
	"first_position" integer NOT NULL,
	"last_position" integer NOT NULL,
	"delivered_through" integer NOT NULL,
	CONSTRAINT "mass_send_lanes_mass_send_id_lane_pk" PRIMARY KEY("mass_send_id","lane")
);
--> statement-breakpoint
CREATE TABLE "mass_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"sender_id" integer NOT NULL,
	"idempotency_key" text,
	"content" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"recipient_ids" integer[] NOT NULL,
	"recipient_count" integer NOT NULL,
	"delivered_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mass_send_lanes" ADD CONSTRAINT "mass_send_lanes_mass_send_id_mass_sends_id_fk" FOREIGN KEY ("mass_send_id") REFERENCES "public"."mass_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_sends" ADD CONSTRAINT "mass_sends_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mass_sends_sender_key_idx" ON "mass_sends" USING btree ("sender_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "mass_sends_sending_idx" ON "mass_sends" USING btree ("id") WHERE "mass_sends"."status" = 'sending';
--> statement-breakpoint
-- custom:begin
-- Decision record 017: one GIN index over (location trigrams, specialties) answers the directory's location
-- filter, alone or with specialties, in a single index scan. Without pg_trgm (a server that lacks the
-- contrib package) the filter still works, only without this index.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS "pro_staff_profiles_location_specialties_idx" ON "pro_staff_profiles" USING gin ("location" gin_trgm_ops, "specialties");
EXCEPTION WHEN undefined_file OR insufficient_privilege OR feature_not_supported THEN
  RAISE NOTICE 'pg_trgm is not available (%): the directory location filter runs without its trigram index', SQLERRM;
END $$;
-- custom:end
