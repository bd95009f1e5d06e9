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
CREATE INDEX "subscription_refunds_created_at_idx" ON "subscription_refunds" USING btree ("created_at");