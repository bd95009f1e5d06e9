CREATE TABLE "money_back_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"stripe_customer_id" text NOT NULL,
	"stripe_subscription_id" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_back_claims_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "money_back_claims_stripe_customer_id_unique" UNIQUE("stripe_customer_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"stripe_refund_id" text NOT NULL,
	"stripe_invoice_id" text NOT NULL,
	"stripe_payment_intent_id" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_refunds_refund_status_unique" UNIQUE("stripe_refund_id","status")
);
--> statement-breakpoint
ALTER TABLE "money_back_claims" ADD CONSTRAINT "money_back_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_refunds" ADD CONSTRAINT "subscription_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_refunds_created_at_idx" ON "subscription_refunds" USING btree ("created_at");--> statement-breakpoint
-- Refunds are money (decision records 003, 042): rows are appended, never edited or deleted. The one change allowed is
-- the erasure's `user_id` set to null by the foreign key (record 027), with every other column unchanged.
CREATE FUNCTION hs_subscription_refunds_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.user_id IS NULL AND (to_jsonb(NEW) - 'user_id') = (to_jsonb(OLD) - 'user_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'subscription_refunds is append-only: record a new status instead of % (decision record 042)', TG_OP USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER subscription_refunds_append_only BEFORE UPDATE OR DELETE ON subscription_refunds FOR EACH ROW EXECUTE FUNCTION hs_subscription_refunds_append_only();
