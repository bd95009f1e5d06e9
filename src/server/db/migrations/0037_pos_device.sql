ALTER TABLE "store_orders" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "pos_user_id" text;