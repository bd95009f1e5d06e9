CREATE TABLE "outgoing_webhook_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"response_status" integer,
	"duration_ms" bigint NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outgoing_webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"endpoint_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outgoing_webhook_deliveries_status_check" CHECK ("outgoing_webhook_deliveries"."status" in ('pending', 'retrying', 'succeeded', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "outgoing_webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_types" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outgoing_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outgoing_webhook_attempts" ADD CONSTRAINT "outgoing_webhook_attempts_delivery_id_outgoing_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."outgoing_webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_webhook_deliveries" ADD CONSTRAINT "outgoing_webhook_deliveries_event_id_outgoing_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."outgoing_webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_webhook_deliveries" ADD CONSTRAINT "outgoing_webhook_deliveries_endpoint_id_outgoing_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."outgoing_webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_webhook_endpoints" ADD CONSTRAINT "outgoing_webhook_endpoints_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_webhook_events" ADD CONSTRAINT "outgoing_webhook_events_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outgoing_webhook_attempts_delivery_idx" ON "outgoing_webhook_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "outgoing_webhook_deliveries_endpoint_idx" ON "outgoing_webhook_deliveries" USING btree ("endpoint_id","id");--> statement-breakpoint
CREATE INDEX "outgoing_webhook_deliveries_event_idx" ON "outgoing_webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "outgoing_webhook_endpoints_business_idx" ON "outgoing_webhook_endpoints" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "outgoing_webhook_events_business_idx" ON "outgoing_webhook_events" USING btree ("business_id","created_at");