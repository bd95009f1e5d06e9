CREATE TABLE "campaign_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"usage_notes" text DEFAULT '' NOT NULL,
	"url" text,
	"file_key" text,
	"file_name" text,
	"file_type" text,
	"file_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_members" (
	"campaign_id" integer NOT NULL,
	"pro_staff_id" integer NOT NULL,
	CONSTRAINT "campaign_members_campaign_id_pro_staff_id_pk" PRIMARY KEY("campaign_id","pro_staff_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"title" text NOT NULL,
	"brief" text NOT NULL,
	"opens_on" date NOT NULL,
	"closes_on" date NOT NULL,
	"audience" text DEFAULT 'roster' NOT NULL,
	"announced_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_assets" ADD CONSTRAINT "campaign_assets_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_members" ADD CONSTRAINT "campaign_members_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_members" ADD CONSTRAINT "campaign_members_pro_staff_id_pro_staff_profiles_id_fk" FOREIGN KEY ("pro_staff_id") REFERENCES "public"."pro_staff_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_assets_campaign_idx" ON "campaign_assets" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE INDEX "campaign_members_pro_staff_idx" ON "campaign_members" USING btree ("pro_staff_id");--> statement-breakpoint
CREATE INDEX "campaigns_business_idx" ON "campaigns" USING btree ("business_id","opens_on");--> statement-breakpoint
CREATE INDEX "campaigns_unannounced_idx" ON "campaigns" USING btree ("opens_on") WHERE "campaigns"."announced_at" is null;