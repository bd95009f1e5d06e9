ALTER TABLE "store_orders" ADD COLUMN "channel" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "location_id" text;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "placed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "units" integer;