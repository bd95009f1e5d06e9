DROP INDEX "users_deleted_idx";--> statement-breakpoint
ALTER TABLE "business_profiles" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pro_staff_profiles" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- hand-written: profiles of accounts erased before this column existed are marked erased too (decision record 027).
UPDATE "business_profiles" SET "erased_at" = "users"."deleted_at" FROM "users" WHERE "users"."id" = "business_profiles"."user_id" AND "users"."deleted_at" IS NOT NULL;--> statement-breakpoint
UPDATE "pro_staff_profiles" SET "erased_at" = "users"."deleted_at" FROM "users" WHERE "users"."id" = "pro_staff_profiles"."user_id" AND "users"."deleted_at" IS NOT NULL;
