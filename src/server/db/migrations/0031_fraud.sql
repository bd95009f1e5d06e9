CREATE TABLE "code_velocity" (
	"discount_code_id" integer PRIMARY KEY NOT NULL,
	"baseline" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_site_lists" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"domains" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_site_lists_single_row" CHECK ("coupon_site_lists"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "fraud_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"platform" text NOT NULL,
	"discount_code_id" integer,
	"code" text NOT NULL,
	"pro_staff_id" integer NOT NULL,
	"commission_id" integer,
	"signal" text NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"reason" text,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "fraud_flags_order_signal_unique" UNIQUE("business_id","order_id","signal"),
	CONSTRAINT "fraud_flags_status_check" CHECK ("fraud_flags"."status" in ('open', 'approved', 'rejected')),
	CONSTRAINT "fraud_flags_mode_check" CHECK ("fraud_flags"."mode" in ('flag', 'hold', 'auto_reject'))
);
--> statement-breakpoint
CREATE TABLE "fraud_settings" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"modes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expiry_days" integer DEFAULT 14,
	"coupon_sites" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "household_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"pro_staff_id" integer NOT NULL,
	"address_hash" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_addresses_staff_hash_unique" UNIQUE("pro_staff_id","address_hash")
);
--> statement-breakpoint
CREATE TABLE "order_risk_hashes" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"pro_staff_id" integer NOT NULL,
	"kind" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "code_velocity" ADD CONSTRAINT "code_velocity_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_flags" ADD CONSTRAINT "fraud_flags_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_flags" ADD CONSTRAINT "fraud_flags_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_flags" ADD CONSTRAINT "fraud_flags_pro_staff_id_pro_staff_profiles_id_fk" FOREIGN KEY ("pro_staff_id") REFERENCES "public"."pro_staff_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_flags" ADD CONSTRAINT "fraud_flags_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_settings" ADD CONSTRAINT "fraud_settings_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_addresses" ADD CONSTRAINT "household_addresses_pro_staff_id_pro_staff_profiles_id_fk" FOREIGN KEY ("pro_staff_id") REFERENCES "public"."pro_staff_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_risk_hashes" ADD CONSTRAINT "order_risk_hashes_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_risk_hashes" ADD CONSTRAINT "order_risk_hashes_pro_staff_id_pro_staff_profiles_id_fk" FOREIGN KEY ("pro_staff_id") REFERENCES "public"."pro_staff_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fraud_flags_business_status_idx" ON "fraud_flags" USING btree ("business_id","status","id");--> statement-breakpoint
CREATE INDEX "fraud_flags_pro_staff_idx" ON "fraud_flags" USING btree ("pro_staff_id");--> statement-breakpoint
CREATE INDEX "fraud_flags_commission_idx" ON "fraud_flags" USING btree ("commission_id");--> statement-breakpoint
CREATE INDEX "fraud_flags_expiry_idx" ON "fraud_flags" USING btree ("expires_at") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "order_risk_hashes_lookup_idx" ON "order_risk_hashes" USING btree ("business_id","hash","created_at");--> statement-breakpoint
CREATE INDEX "order_risk_hashes_created_idx" ON "order_risk_hashes" USING btree ("created_at");--> statement-breakpoint
-- Decision record 039: holds for fraud review in the ledger. Everything below is hand-written.
-- Two non-value kinds: `held` (not payable until released) and `released`.
ALTER TABLE "commission_entries" DROP CONSTRAINT "commission_entries_kind_check";--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_kind_check" CHECK ("kind" IN ('earned', 'adjusted', 'reversed', 'restored', 'clawback', 'moved_to_payout', 'paid', 'transfer_failed', 'paid_outside', 'held', 'released'));--> statement-breakpoint
-- Whether a commission is held, derived from its entries alone: its newest held/released entry is a hold.
CREATE FUNCTION hs_commission_held(cid integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((array_agg(kind ORDER BY id DESC) FILTER (WHERE kind IN ('held', 'released')))[1] = 'held', false)
  FROM commission_entries WHERE commission_id = cid
$$;--> statement-breakpoint
-- Its projection: after each statement posting hold entries, `commissions.held` follows the newest of them (the other
-- kinds never change it, so the projection of 0028 is untouched and the move into a payout stays one statement).
CREATE FUNCTION hs_commission_project_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE commissions c SET held = h.held
  FROM (SELECT commission_id, (max(ARRAY[id, (kind = 'held')::integer]))[2] = 1 AS held
        FROM new_rows WHERE kind IN ('held', 'released') GROUP BY commission_id) h
  WHERE c.id = h.commission_id AND c.held IS DISTINCT FROM h.held;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER commission_entries_project_hold AFTER INSERT ON commission_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hs_commission_project_hold();--> statement-breakpoint
-- `held` is derived like the other columns: changed only by a trigger (0025's guard, now reading it too).
CREATE OR REPLACE FUNCTION hs_commission_derived_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 AND (NEW.amount_cents, NEW.status, NEW.paid_at, NEW.payout_id, NEW.held) IS DISTINCT FROM (OLD.amount_cents, OLD.status, OLD.paid_at, OLD.payout_id, OLD.held) THEN
    RAISE EXCEPTION 'commission amounts and statuses are derived from commission_entries: post an entry (decision record 036)' USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW.business_id, NEW.pro_staff_id, NEW.currency) IS DISTINCT FROM (OLD.business_id, OLD.pro_staff_id, OLD.currency) THEN
    RAISE EXCEPTION 'a commission''s business, pro staffer and currency never change (decision record 036)' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
-- A commission is never born held or in a payout: both are entries (0025's opening, now reading held too).
CREATE OR REPLACE FUNCTION hs_commission_opening() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.payout_id IS NOT NULL THEN
    RAISE EXCEPTION 'a commission enters a payout through the ledger, not when it is created (decision record 036)' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.held THEN
    RAISE EXCEPTION 'a commission is held for review through the ledger, not when it is created (decision record 039)' USING ERRCODE = 'restrict_violation';
  END IF;
  INSERT INTO commission_entries (commission_id, business_id, pro_staff_id, currency, kind, amount_minor, reason, created_at)
  SELECT NEW.id, NEW.business_id, NEW.pro_staff_id, NEW.currency, k.kind, k.amount, 'opened', k.at
  FROM (VALUES
    (1, CASE WHEN NEW.source = 'adjustment' AND NEW.amount_cents < 0 THEN 'clawback' WHEN NEW.source = 'adjustment' THEN 'adjusted' ELSE 'earned' END, NEW.amount_cents, NEW.created_at),
    (2, CASE NEW.status WHEN 'cancelled' THEN 'reversed' WHEN 'paid' THEN 'paid_outside' END, CASE NEW.status WHEN 'cancelled' THEN -NEW.amount_cents ELSE NEW.amount_cents END, coalesce(NEW.paid_at, NEW.created_at))
  ) AS k(n, kind, amount, at)
  WHERE k.kind IS NOT NULL ORDER BY k.n;
  RETURN NULL;
END $$;
