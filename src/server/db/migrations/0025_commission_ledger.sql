CREATE TABLE "commission_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"commission_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"pro_staff_id" integer NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"payout_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_entries_commission_idx" ON "commission_entries" USING btree ("commission_id","id");--> statement-breakpoint
CREATE INDEX "commission_entries_payout_idx" ON "commission_entries" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "commission_entries_party_idx" ON "commission_entries" USING btree ("business_id","pro_staff_id","currency");--> statement-breakpoint
-- Decision record 036: the commission ledger. Everything below is hand-written.
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_kind_check" CHECK ("kind" IN ('earned', 'adjusted', 'reversed', 'restored', 'clawback', 'moved_to_payout', 'paid', 'transfer_failed', 'paid_outside'));
--> statement-breakpoint
-- A commission's amount, status, paid date and payout, derived from its entries alone, in one pass over them. The
-- amount of a cancelled commission is what it was worth when it was reversed (what the lists have always shown); its
-- value is 0.
CREATE FUNCTION hs_commission_state(cid integer, OUT amount_cents integer, OUT status text, OUT paid_at timestamptz, OUT payout_id integer)
LANGUAGE sql STABLE AS $$
  SELECT
    (coalesce(sum(amount_minor) FILTER (WHERE kind IN ('earned', 'adjusted', 'reversed', 'restored', 'clawback')), 0)
      - CASE WHEN (array_agg(kind ORDER BY id DESC) FILTER (WHERE kind IN ('earned', 'adjusted', 'reversed', 'restored', 'clawback')))[1] = 'reversed'
          AND min(created_at) FILTER (WHERE kind IN ('paid', 'paid_outside')) IS NULL
        THEN (array_agg(amount_minor ORDER BY id DESC) FILTER (WHERE kind IN ('earned', 'adjusted', 'reversed', 'restored', 'clawback')))[1] ELSE 0 END)::integer,
    CASE WHEN min(created_at) FILTER (WHERE kind IN ('paid', 'paid_outside')) IS NOT NULL THEN 'paid'
      WHEN (array_agg(kind ORDER BY id DESC) FILTER (WHERE kind IN ('earned', 'adjusted', 'reversed', 'restored', 'clawback')))[1] = 'reversed' THEN 'cancelled'
      ELSE 'pending' END,
    min(created_at) FILTER (WHERE kind IN ('paid', 'paid_outside')),
    CASE WHEN (array_agg(kind ORDER BY id DESC) FILTER (WHERE kind IN ('moved_to_payout', 'paid', 'transfer_failed')))[1] IN ('moved_to_payout', 'paid')
      THEN (array_agg(payout_id ORDER BY id DESC) FILTER (WHERE kind IN ('moved_to_payout', 'paid', 'transfer_failed')))[1] END
  FROM commission_entries WHERE commission_id = cid
$$;
--> statement-breakpoint
-- Every commission's derived state (checks, tests, an operator's look).
CREATE VIEW commission_ledger_state AS
SELECT c.id AS commission_id, s.amount_cents, s.status, s.paid_at, s.payout_id FROM commissions c, hs_commission_state(c.id) s;
--> statement-breakpoint
-- Today's rows become entries: what each row says, as the entries that lead to it (in this order per commission).
INSERT INTO commission_entries (commission_id, business_id, pro_staff_id, currency, kind, amount_minor, payout_id, reason, created_at)
SELECT id, business_id, pro_staff_id, currency,
  CASE WHEN source = 'adjustment' AND amount_cents < 0 THEN 'clawback' WHEN source = 'adjustment' THEN 'adjusted' ELSE 'earned' END,
  amount_cents, NULL, 'migrated', created_at
FROM commissions ORDER BY id;
--> statement-breakpoint
INSERT INTO commission_entries (commission_id, business_id, pro_staff_id, currency, kind, amount_minor, payout_id, reason, created_at)
SELECT id, business_id, pro_staff_id, currency, 'reversed', -amount_cents, NULL, 'migrated', created_at FROM commissions WHERE status = 'cancelled' ORDER BY id;
--> statement-breakpoint
INSERT INTO commission_entries (commission_id, business_id, pro_staff_id, currency, kind, amount_minor, payout_id, reason, created_at)
SELECT c.id, c.business_id, c.pro_staff_id, c.currency, 'moved_to_payout', c.amount_cents, c.payout_id, 'migrated', p.created_at
FROM commissions c JOIN payouts p ON p.id = c.payout_id ORDER BY c.id;
--> statement-breakpoint
INSERT INTO commission_entries (commission_id, business_id, pro_staff_id, currency, kind, amount_minor, payout_id, reason, created_at)
SELECT id, business_id, pro_staff_id, currency, CASE WHEN payout_id IS NULL THEN 'paid_outside' ELSE 'paid' END, amount_cents, payout_id, 'migrated', coalesce(paid_at, created_at)
FROM commissions WHERE status = 'paid' ORDER BY id;
--> statement-breakpoint
-- The migration's check: every row, and the totals per business, pro staffer, currency and status, are the same when
-- derived from the entries as they were before. Anything else stops the migration (and with it the deployment).
DO $$
DECLARE rows_differ integer; totals_differ integer;
BEGIN
  SELECT count(*) INTO rows_differ FROM commissions c LEFT JOIN commission_ledger_state s ON s.commission_id = c.id
  WHERE (s.amount_cents, s.status, s.payout_id) IS DISTINCT FROM (c.amount_cents, c.status, c.payout_id)
     OR (c.paid_at IS NOT NULL AND s.paid_at IS DISTINCT FROM c.paid_at);
  SELECT count(*) INTO totals_differ FROM (
    (SELECT business_id, pro_staff_id, currency, status, sum(amount_cents) FROM commissions GROUP BY 1, 2, 3, 4
     EXCEPT SELECT c.business_id, c.pro_staff_id, c.currency, s.status, sum(s.amount_cents) FROM commissions c LEFT JOIN commission_ledger_state s ON s.commission_id = c.id GROUP BY 1, 2, 3, 4)
    UNION ALL
    (SELECT c.business_id, c.pro_staff_id, c.currency, s.status, sum(s.amount_cents) FROM commissions c LEFT JOIN commission_ledger_state s ON s.commission_id = c.id GROUP BY 1, 2, 3, 4
     EXCEPT SELECT business_id, pro_staff_id, currency, status, sum(amount_cents) FROM commissions GROUP BY 1, 2, 3, 4)
  ) d;
  IF rows_differ > 0 OR totals_differ > 0 THEN
    RAISE EXCEPTION 'commission ledger migration: % commissions and % totals differ when derived from their entries', rows_differ, totals_differ;
  END IF;
END $$;
--> statement-breakpoint
-- Entries are appended, never edited or deleted.
CREATE FUNCTION hs_commission_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'commission_entries is append-only: post a new entry instead of % (decision record 036)', TG_OP USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER commission_entries_append_only BEFORE UPDATE OR DELETE ON commission_entries FOR EACH ROW EXECUTE FUNCTION hs_commission_entries_append_only();
--> statement-breakpoint
-- An entry's party and currency are its commission's, never another's: a foreign key on all four (checked in C for
-- each row, cheaper than a trigger), so an insert that names another party or currency is refused.
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_party_unique" UNIQUE ("id", "business_id", "pro_staff_id", "currency");
--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_party_fk" FOREIGN KEY ("commission_id", "business_id", "pro_staff_id", "currency")
  REFERENCES "commissions" ("id", "business_id", "pro_staff_id", "currency");
--> statement-breakpoint
-- The projection: after each statement that posts entries, their commissions' derived columns are rewritten from the entries.
CREATE FUNCTION hs_commission_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE commissions c SET amount_cents = s.amount_cents, status = s.status, paid_at = s.paid_at, payout_id = s.payout_id
  FROM (SELECT DISTINCT commission_id FROM new_rows) n, hs_commission_state(n.commission_id) s
  WHERE c.id = n.commission_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER commission_entries_project AFTER INSERT ON commission_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hs_commission_project();
--> statement-breakpoint
-- Derived columns change only through the projection (a trigger, so depth 2 or more); a commission's party and currency never.
CREATE FUNCTION hs_commission_derived_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 AND (NEW.amount_cents, NEW.status, NEW.paid_at, NEW.payout_id) IS DISTINCT FROM (OLD.amount_cents, OLD.status, OLD.paid_at, OLD.payout_id) THEN
    RAISE EXCEPTION 'commission amounts and statuses are derived from commission_entries: post an entry (decision record 036)' USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW.business_id, NEW.pro_staff_id, NEW.currency) IS DISTINCT FROM (OLD.business_id, OLD.pro_staff_id, OLD.currency) THEN
    RAISE EXCEPTION 'a commission''s business, pro staffer and currency never change (decision record 036)' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER commissions_derived_guard BEFORE UPDATE ON commissions FOR EACH ROW EXECUTE FUNCTION hs_commission_derived_guard();
--> statement-breakpoint
-- Opening a commission posts its opening entries: whatever inserts the row (the app, the demo seed, an operator's SQL)
-- cannot make money the ledger does not hold. A row cannot be born inside a payout.
CREATE FUNCTION hs_commission_opening() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.payout_id IS NOT NULL THEN
    RAISE EXCEPTION 'a commission enters a payout through the ledger, not when it is created (decision record 036)' USING ERRCODE = 'restrict_violation';
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
--> statement-breakpoint
CREATE TRIGGER commissions_opening AFTER INSERT ON commissions FOR EACH ROW EXECUTE FUNCTION hs_commission_opening();
