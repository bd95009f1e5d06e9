CREATE TABLE "store_order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_order_id" integer NOT NULL,
	"refund_key" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_order_refunds_order_key_unique" UNIQUE("store_order_id","refund_key")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"platform_id" integer,
	"platform_name" text NOT NULL,
	"platform_type" text NOT NULL,
	"topic" text NOT NULL,
	"order_id" text,
	"codes_seen" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"commission_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "base_minor" integer;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "rate_bps" integer;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "adjusts_commission_id" integer;--> statement-breakpoint
ALTER TABLE "integration_platforms" ADD COLUMN "secret_key_hash" text;--> statement-breakpoint
ALTER TABLE "integration_platforms" ADD COLUMN "secret_key_last4" text;--> statement-breakpoint
ALTER TABLE "integration_platforms" ADD COLUMN "previous_webhook_secret" text;--> statement-breakpoint
ALTER TABLE "integration_platforms" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "integration_platforms" ADD COLUMN "bigcommerce_store_hash" text;--> statement-breakpoint
ALTER TABLE "integration_platforms" ADD COLUMN "bigcommerce_api_token_encrypted" text;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "codes_seen" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_order_refunds" ADD CONSTRAINT "store_order_refunds_store_order_id_store_orders_id_fk" FOREIGN KEY ("store_order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_platform_id_integration_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."integration_platforms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_business_received_idx" ON "webhook_deliveries" USING btree ("business_id","received_at");--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_adjusts_commission_id_commissions_id_fk" FOREIGN KEY ("adjusts_commission_id") REFERENCES "public"."commissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_platforms" ADD CONSTRAINT "integration_platforms_secret_key_hash_unique" UNIQUE("secret_key_hash");
--> statement-breakpoint
-- custom:begin
-- Decision 012: orders that came from a signed webhook or a server call are verified; browser reports ('tracking') are not.
UPDATE "store_orders" SET "verified" = true WHERE "source" IN ('api', 'shopify', 'woocommerce', 'bigcommerce');--> statement-breakpoint
UPDATE "store_orders" SET "codes_seen" = jsonb_build_array("code") WHERE "code" IS NOT NULL;--> statement-breakpoint
-- Decision 013: amounts recorded before currencies were read were treated as USD.
UPDATE "store_orders" SET "currency" = 'USD' WHERE "currency" IS NULL AND "order_value_cents" IS NOT NULL;--> statement-breakpoint
UPDATE "store_orders" SET "currency" = upper("currency") WHERE "currency" IS NOT NULL;--> statement-breakpoint
-- One commission per store order, even under concurrent deliveries.
CREATE UNIQUE INDEX "commissions_one_per_order_idx" ON "commissions" ("business_id", "order_id") WHERE "source" = 'order';
-- custom:end
