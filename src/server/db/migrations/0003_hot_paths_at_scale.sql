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
ALTER TABLE "mass_sends" ADD CONSTRAINT "mass_sends_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mass_sends_sender_key_idx" ON "mass_sends" USING btree ("sender_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "mass_sends_sending_idx" ON "mass_sends" USING btree ("id") WHERE "mass_sends"."status" = 'sending';