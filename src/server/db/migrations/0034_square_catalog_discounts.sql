CREATE TABLE "square_catalog_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"discount_code_id" integer NOT NULL,
	"catalog_object_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "square_catalog_discounts_platform_code_unique" UNIQUE("platform_id","discount_code_id"),
	CONSTRAINT "square_catalog_discounts_platform_object_unique" UNIQUE("platform_id","catalog_object_id")
);
--> statement-breakpoint
ALTER TABLE "square_catalog_discounts" ADD CONSTRAINT "square_catalog_discounts_platform_id_integration_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."integration_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "square_catalog_discounts" ADD CONSTRAINT "square_catalog_discounts_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;