CREATE TABLE "compensation_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"pro_staff_id" integer NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"shipment_id" integer,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gear_memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"pro_staff_id" integer NOT NULL,
	"tier_id" integer,
	"promoted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gear_memberships_party_unique" UNIQUE("business_id","pro_staff_id")
);
--> statement-breakpoint
CREATE TABLE "gear_obligations" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"pro_staff_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"due_days" integer,
	"due_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gear_request_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"variant_id" integer,
	"external_product_id" text NOT NULL,
	"external_variant_id" text NOT NULL,
	"product_title" text NOT NULL,
	"variant_title" text NOT NULL,
	"image_url" text,
	"quantity" integer NOT NULL,
	"unit_price_minor" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gear_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"pro_staff_id" integer NOT NULL,
	"tier_id" integer,
	"period_start" date NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"decision_reason" text,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gear_settings" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"platform_id" integer,
	"seedable_tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seedable_collections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"complete_orders" boolean DEFAULT true NOT NULL,
	"owed_task_id" integer,
	"owed_due_days" integer,
	"owed_due_on" date,
	"catalog_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gear_shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"pro_staff_id" integer NOT NULL,
	"platform_id" integer,
	"status" text DEFAULT 'ordering' NOT NULL,
	"external_order_id" text,
	"order_name" text,
	"admin_url" text,
	"carrier" text,
	"tracking_number" text,
	"tracking_url" text,
	"failure_reason" text,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gear_shipments_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE TABLE "pro_pricing_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"pro_staff_id" integer NOT NULL,
	"platform_id" integer,
	"code" text NOT NULL,
	"percent_off" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"external_id" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pro_pricing_codes_business_code_unique" UNIQUE("business_id","code")
);
--> statement-breakpoint
CREATE TABLE "program_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"commission_rate_bps" integer NOT NULL,
	"hold_days" integer NOT NULL,
	"pro_pricing_percent" integer NOT NULL,
	"allotment_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"items_per_year" integer,
	"renews_on" text NOT NULL,
	"campaign_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"promote_to_tier_id" integer,
	"promote_metric" text,
	"promote_threshold" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_tiers_business_name_unique" UNIQUE("business_id","name")
);
--> statement-breakpoint
CREATE TABLE "store_admin_credentials" (
	"platform_id" integer PRIMARY KEY NOT NULL,
	"store_address" text NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"platform_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"title" text NOT NULL,
	"image_url" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"collections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currency" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_products_platform_external_unique" UNIQUE("platform_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "store_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"inventory_item_id" text,
	"sku" text,
	"title" text NOT NULL,
	"price_minor" integer NOT NULL,
	"inventory" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_variants_product_external_unique" UNIQUE("product_id","external_id")
);
--> statement-breakpoint
ALTER TABLE "compensation_entries" ADD CONSTRAINT "compensation_entries_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compensation_entries" ADD CONSTRAINT "compensation_entries_pro_staff_id_pro_staff_profiles_id_fk" FOREIGN KEY ("pro_staff_id") REFERENCES "public"."pro_staff_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compensation_entries" ADD CONSTRAINT "compensation_entries_shipment_id_gear_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."gear_shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_memberships" ADD CONSTRAINT "gear_memberships_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_memberships" ADD CONSTRAINT "gear_memberships_pro_staff_id_pro_staff_profiles_id_fk" FOREIGN KEY ("pro_staff_id") REFERENCES "public"."pro_staff_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_memberships" ADD CONSTRAINT "gear_memberships_tier_id_program_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."program_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_obligations" ADD CONSTRAINT "gear_obligations_shipment_id_gear_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."gear_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_obligations" ADD CONSTRAINT "gear_obligations_pro_staff_id_pro_staff_profiles_id_fk" FOREIGN KEY ("pro_staff_id") REFERENCES "public"."pro_staff_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_obligations" ADD CONSTRAINT "gear_obligations_task_id_campaign_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."campaign_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_request_items" ADD CONSTRAINT "gear_request_items_request_id_gear_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."gear_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_request_items" ADD CONSTRAINT "gear_request_items_variant_id_store_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."store_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_requests" ADD CONSTRAINT "gear_requests_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_requests" ADD CONSTRAINT "gear_requests_pro_staff_id_pro_staff_profiles_id_fk" FOREIGN KEY ("pro_staff_id") REFERENCES "public"."pro_staff_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_requests" ADD CONSTRAINT "gear_requests_tier_id_program_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."program_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_requests" ADD CONSTRAINT "gear_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_settings" ADD CONSTRAINT "gear_settings_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_settings" ADD CONSTRAINT "gear_settings_platform_id_integration_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."integration_platforms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_settings" ADD CONSTRAINT "gear_settings_owed_task_id_campaign_tasks_id_fk" FOREIGN KEY ("owed_task_id") REFERENCES "public"."campaign_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_shipments" ADD CONSTRAINT "gear_shipments_request_id_gear_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."gear_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_shipments" ADD CONSTRAINT "gear_shipments_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_shipments" ADD CONSTRAINT "gear_shipments_pro_staff_id_pro_staff_profiles_id_fk" FOREIGN KEY ("pro_staff_id") REFERENCES "public"."pro_staff_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear_shipments" ADD CONSTRAINT "gear_shipments_platform_id_integration_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."integration_platforms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_pricing_codes" ADD CONSTRAINT "pro_pricing_codes_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_pricing_codes" ADD CONSTRAINT "pro_pricing_codes_pro_staff_id_pro_staff_profiles_id_fk" FOREIGN KEY ("pro_staff_id") REFERENCES "public"."pro_staff_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_pricing_codes" ADD CONSTRAINT "pro_pricing_codes_platform_id_integration_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."integration_platforms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_tiers" ADD CONSTRAINT "program_tiers_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_tiers" ADD CONSTRAINT "program_tiers_promote_to_tier_id_program_tiers_id_fk" FOREIGN KEY ("promote_to_tier_id") REFERENCES "public"."program_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_admin_credentials" ADD CONSTRAINT "store_admin_credentials_platform_id_integration_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."integration_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_platform_id_integration_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."integration_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_variants" ADD CONSTRAINT "store_variants_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compensation_entries_party_idx" ON "compensation_entries" USING btree ("business_id","pro_staff_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "compensation_entries_shipment_kind_unique" ON "compensation_entries" USING btree ("shipment_id","kind") WHERE "compensation_entries"."shipment_id" is not null;--> statement-breakpoint
CREATE INDEX "gear_memberships_tier_idx" ON "gear_memberships" USING btree ("tier_id");--> statement-breakpoint
CREATE INDEX "gear_obligations_shipment_idx" ON "gear_obligations" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "gear_obligations_pro_staff_idx" ON "gear_obligations" USING btree ("pro_staff_id");--> statement-breakpoint
CREATE INDEX "gear_request_items_request_idx" ON "gear_request_items" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "gear_requests_business_status_idx" ON "gear_requests" USING btree ("business_id","status","id");--> statement-breakpoint
CREATE INDEX "gear_requests_allotment_idx" ON "gear_requests" USING btree ("business_id","pro_staff_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "gear_shipments_store_order_unique" ON "gear_shipments" USING btree ("platform_id","external_order_id") WHERE "gear_shipments"."external_order_id" is not null;--> statement-breakpoint
CREATE INDEX "gear_shipments_business_idx" ON "gear_shipments" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "gear_shipments_pro_staff_idx" ON "gear_shipments" USING btree ("pro_staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pro_pricing_codes_live_unique" ON "pro_pricing_codes" USING btree ("business_id","pro_staff_id") WHERE "pro_pricing_codes"."status" in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "program_tiers_business_idx" ON "program_tiers" USING btree ("business_id","position");--> statement-breakpoint
CREATE INDEX "store_products_business_idx" ON "store_products" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "store_variants_inventory_item_idx" ON "store_variants" USING btree ("inventory_item_id");--> statement-breakpoint
-- Non-cash compensation is append-only like the commission ledger (decision records 036 and 038).
CREATE FUNCTION hs_compensation_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'compensation_entries is append-only: post a new entry instead of % (decision record 038)', TG_OP USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER compensation_entries_append_only BEFORE UPDATE OR DELETE ON compensation_entries FOR EACH ROW EXECUTE FUNCTION hs_compensation_entries_append_only();
--> statement-breakpoint
ALTER TABLE "compensation_entries" ADD CONSTRAINT "compensation_entries_kind_check" CHECK ("kind" IN ('gear_seeded', 'gear_returned', 'pro_pricing_savings'));
--> statement-breakpoint
ALTER TABLE "compensation_entries" ADD CONSTRAINT "compensation_entries_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$');
--> statement-breakpoint
ALTER TABLE "gear_request_items" ADD CONSTRAINT "gear_request_items_quantity_check" CHECK ("quantity" > 0 AND "unit_price_minor" >= 0);
--> statement-breakpoint
ALTER TABLE "program_tiers" ADD CONSTRAINT "program_tiers_renews_on_check" CHECK ("renews_on" ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$');
