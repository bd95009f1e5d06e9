-- Decision record 036, the ledger's write path made cheaper (bench: payouts); every rule it enforces is unchanged.
-- The plain foreign key to commissions goes: the composite one on (commission, business, pro staffer, currency) of
-- 0025 already refuses an entry for a missing commission, and a commission with entries cannot be deleted.
ALTER TABLE "commission_entries" DROP CONSTRAINT "commission_entries_commission_id_commissions_id_fk";--> statement-breakpoint
-- Everything below is hand-written.
-- The projection, incremental: a commission's new state is computed from its projected row and the statement's new
-- entries alone, without reading its earlier entries, and it is exactly hs_commission_state's. The projected row holds
-- what that needs, with two exceptions, which are derived from all the entries as before:
--  - a commission with no entries before the statement (its opening entries): the state of the new entries alone;
--  - a cancelled commission (the value it had before the reversal is not on the row): hs_commission_state.
-- Per commission the new entries give: the change of value, the newest value entry, the first paid date and the newest
-- payout entry; then, as hs_commission_state reads them: value = old value + change; paid date = the earlier of the
-- two; status paid once there is a paid date, cancelled when the newest value entry is a reversal, else pending (an
-- uncancelled row's newest value entry is not a reversal, or it is paid); a cancelled one shows what it was worth before
-- the reversal; payout = the newest payout entry's, else unchanged.
-- Its plan is cached for the connection's life and made on its first call, whatever its size (Pay now's move of
-- thousands, or a transfer's five): it is pinned to one index lookup per commission, so no later call scans the table.
CREATE OR REPLACE FUNCTION hs_commission_project() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
  WITH added AS (
    SELECT commission_id, array_agg(id) AS ids,
      coalesce(sum(amount_minor) FILTER (WHERE kind IN ('earned', 'adjusted', 'reversed', 'restored', 'clawback')), 0) AS value_change,
      (array_agg(kind ORDER BY id DESC) FILTER (WHERE kind IN ('earned', 'adjusted', 'reversed', 'restored', 'clawback')))[1] AS last_value_kind,
      (array_agg(amount_minor ORDER BY id DESC) FILTER (WHERE kind IN ('earned', 'adjusted', 'reversed', 'restored', 'clawback')))[1] AS last_value_amount,
      min(created_at) FILTER (WHERE kind IN ('paid', 'paid_outside')) AS paid_at,
      (array_agg(kind ORDER BY id DESC) FILTER (WHERE kind IN ('moved_to_payout', 'paid', 'transfer_failed')))[1] AS last_payout_kind,
      (array_agg(payout_id ORDER BY id DESC) FILTER (WHERE kind IN ('moved_to_payout', 'paid', 'transfer_failed')))[1] AS last_payout_id
    FROM new_rows GROUP BY commission_id
  ), n AS MATERIALIZED (
    SELECT added.*, NOT EXISTS (SELECT 1 FROM commission_entries e WHERE e.commission_id = added.commission_id AND e.id <> ALL (added.ids)) AS opening
    FROM added
  )
  -- From the row being updated (so a row another transaction changed meanwhile is read as it now is); for an opening,
  -- from nothing (0, no paid date, no payout).
  UPDATE commissions c SET
    amount_cents = CASE WHEN c.status = 'cancelled' AND NOT n.opening THEN (hs_commission_state(c.id)).amount_cents
      ELSE CASE WHEN n.opening THEN 0 ELSE c.amount_cents END + n.value_change
        - CASE WHEN least(CASE WHEN n.opening THEN NULL ELSE c.paid_at END, n.paid_at) IS NULL AND n.last_value_kind = 'reversed' THEN n.last_value_amount ELSE 0 END END,
    status = CASE WHEN c.status = 'cancelled' AND NOT n.opening THEN (hs_commission_state(c.id)).status
      WHEN least(CASE WHEN n.opening THEN NULL ELSE c.paid_at END, n.paid_at) IS NOT NULL THEN 'paid'
      WHEN n.last_value_kind = 'reversed' THEN 'cancelled' ELSE 'pending' END,
    paid_at = CASE WHEN c.status = 'cancelled' AND NOT n.opening THEN (hs_commission_state(c.id)).paid_at
      ELSE least(CASE WHEN n.opening THEN NULL ELSE c.paid_at END, n.paid_at) END,
    payout_id = CASE WHEN c.status = 'cancelled' AND NOT n.opening THEN (hs_commission_state(c.id)).payout_id
      WHEN n.last_payout_kind IS NULL THEN CASE WHEN n.opening THEN NULL ELSE c.payout_id END
      WHEN n.last_payout_kind IN ('moved_to_payout', 'paid') THEN n.last_payout_id END
  FROM n
  WHERE c.id = n.commission_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The guard runs only when it refuses: its condition moved into the trigger's WHEN, evaluated without calling plpgsql
-- for each row the projection writes. The same rule as 0025: derived columns change only from inside a trigger (the
-- projection; depth 1 when WHEN is evaluated, 2 inside the function), party and currency never.
DROP TRIGGER "commissions_derived_guard" ON "commissions";--> statement-breakpoint
CREATE TRIGGER commissions_derived_guard BEFORE UPDATE ON commissions FOR EACH ROW
  WHEN ((pg_trigger_depth() < 1 AND (NEW.amount_cents, NEW.status, NEW.paid_at, NEW.payout_id) IS DISTINCT FROM (OLD.amount_cents, OLD.status, OLD.paid_at, OLD.payout_id))
    OR (NEW.business_id, NEW.pro_staff_id, NEW.currency) IS DISTINCT FROM (OLD.business_id, OLD.pro_staff_id, OLD.currency))
  EXECUTE FUNCTION hs_commission_derived_guard();
