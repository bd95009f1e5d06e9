ALTER TABLE "business_profiles" ADD COLUMN "brand_logo_key" text;--> statement-breakpoint
ALTER TABLE "business_profiles" ADD COLUMN "brand_color" text;