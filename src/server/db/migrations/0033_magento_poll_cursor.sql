CREATE TABLE "magento_poll_cursors" (
	"platform_id" integer PRIMARY KEY NOT NULL,
	"updated_at" text NOT NULL,
	"seen_ids" text[] DEFAULT '{}' NOT NULL,
	"polled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "magento_poll_cursors" ADD CONSTRAINT "magento_poll_cursors_platform_id_integration_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."integration_platforms"("id") ON DELETE cascade ON UPDATE no action;