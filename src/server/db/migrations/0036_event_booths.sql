CREATE TABLE "booth_credits" (
	"commission_id" integer PRIMARY KEY NOT NULL,
	"booth_sale_id" integer NOT NULL,
	"pro_staff_id" integer NOT NULL,
	"weight" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booth_event_staff" (
	"event_id" integer NOT NULL,
	"pro_staff_id" integer NOT NULL,
	"minutes_worked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booth_event_staff_event_id_pro_staff_id_pk" PRIMARY KEY("event_id","pro_staff_id")
);
--> statement-breakpoint
CREATE TABLE "booth_event_windows" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"local_day" date NOT NULL,
	"local_from" text NOT NULL,
	"local_to" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booth_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"time_zone" text NOT NULL,
	"platform_id" integer,
	"location_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"device_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"split_rule" text NOT NULL,
	"commission_rate_bps" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booth_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"store_order_id" integer NOT NULL,
	"code_sale" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_tasks" ADD COLUMN "booth_event_id" integer;--> statement-breakpoint
ALTER TABLE "booth_credits" ADD CONSTRAINT "booth_credits_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booth_credits" ADD CONSTRAINT "booth_credits_booth_sale_id_booth_sales_id_fk" FOREIGN KEY ("booth_sale_id") REFERENCES "public"."booth_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booth_credits" ADD CONSTRAINT "booth_credits_pro_staff_id_pro_staff_profiles_id_fk" FOREIGN KEY ("pro_staff_id") REFERENCES "public"."pro_staff_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booth_event_staff" ADD CONSTRAINT "booth_event_staff_event_id_booth_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."booth_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booth_event_staff" ADD CONSTRAINT "booth_event_staff_pro_staff_id_pro_staff_profiles_id_fk" FOREIGN KEY ("pro_staff_id") REFERENCES "public"."pro_staff_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booth_event_windows" ADD CONSTRAINT "booth_event_windows_event_id_booth_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."booth_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booth_events" ADD CONSTRAINT "booth_events_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booth_events" ADD CONSTRAINT "booth_events_platform_id_integration_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."integration_platforms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booth_sales" ADD CONSTRAINT "booth_sales_event_id_booth_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."booth_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booth_sales" ADD CONSTRAINT "booth_sales_store_order_id_store_orders_id_fk" FOREIGN KEY ("store_order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booth_credits_sale_staffer_unique" ON "booth_credits" USING btree ("booth_sale_id","pro_staff_id");--> statement-breakpoint
CREATE INDEX "booth_event_windows_range_idx" ON "booth_event_windows" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "booth_events_business_idx" ON "booth_events" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booth_sales_order_unique" ON "booth_sales" USING btree ("store_order_id");--> statement-breakpoint
CREATE INDEX "booth_sales_event_idx" ON "booth_sales" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "campaign_tasks" ADD CONSTRAINT "campaign_tasks_booth_event_id_booth_events_id_fk" FOREIGN KEY ("booth_event_id") REFERENCES "public"."booth_events"("id") ON DELETE set null ON UPDATE no action;