CREATE TABLE "credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"pro_staff_id" integer NOT NULL,
	"type" text NOT NULL,
	"issuing_authority" text NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"expires_on" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"document_key" text,
	"document_name" text NOT NULL,
	"document_type" text NOT NULL,
	"document_size" integer NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pro_staff_profiles" ADD COLUMN "verified_credential_types" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_pro_staff_id_pro_staff_profiles_id_fk" FOREIGN KEY ("pro_staff_id") REFERENCES "public"."pro_staff_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credentials_pro_staff_idx" ON "credentials" USING btree ("pro_staff_id","status");--> statement-breakpoint
CREATE INDEX "credentials_pending_idx" ON "credentials" USING btree ("submitted_at","id") WHERE "credentials"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "credentials_approved_expiry_idx" ON "credentials" USING btree ("expires_on") WHERE "credentials"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "pro_staff_profiles_verified_types_idx" ON "pro_staff_profiles" USING gin ("verified_credential_types");