CREATE TABLE "commission_settings" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"hold_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "payable_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "payable_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commission_settings" ADD CONSTRAINT "commission_settings_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commissions_release_idx" ON "commissions" USING btree ("payable_at") WHERE status = 'pending' and payable_notified_at is null;--> statement-breakpoint
-- Existing commissions (decision record 024): order commissions keep the default 30-day hold from when they were
-- created; manual ones and adjustments were payable at once. Nobody is told again about what was payable before.
UPDATE "commissions" SET "payable_at" = CASE WHEN "source" = 'order' THEN "created_at" + interval '30 days' ELSE "created_at" END;--> statement-breakpoint
UPDATE "commissions" SET "payable_notified_at" = now() WHERE "status" <> 'pending' OR "payable_at" <= now();
