CREATE TABLE "squarespace_subscriptions" (
	"platform_id" integer PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"endpoint_url" text NOT NULL,
	"topics" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "squarespace_subscriptions" ADD CONSTRAINT "squarespace_subscriptions_platform_id_integration_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."integration_platforms"("id") ON DELETE cascade ON UPDATE no action;