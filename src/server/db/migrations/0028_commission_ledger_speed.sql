-- Decision record 036, the ledger's write path made cheaper (bench: payouts); every rule it enforces is unchanged.
-- The plain foreign key to commissions goes: the composite one on (commission, business, pro staffer, currency) of
-- 0025 already refuses an entry for a missing commission, and a commission with entries cannot be deleted.
ALTER TABLE "commission_entries" DROP CONSTRAINT "commission_entries_commission_id_commissions_id_fk";--> statement-breakpoint
-- Everything below is hand-written.
-- The projection, incremental: a commission's new state is computed from its projected row and the statement's new
-- entries, without reading its earlier entries, and it is exactly hs_commission_state's. The row holds what that needs
-- except in two cases:
--  - an opening (no entries before the statement): the state of the new entries alone, and the row is not rewritten
--    when it already says so (an inserted commission normally does);
--  - a cancelled commission (the value it had before the reversal is not on the row): hs_commission_state, as before.
-- Per commission the new entries give: the change of value, the newest value entry (max by id of [id, reversal?,
-- amount]: no sort), the first paid date, the newest payout entry ([id, not a failure?, payout]). As hs_commission_state
-- reads them: value = old value + change; paid date = the earlier of the two; status paid once there is a paid date,
-- cancelled when the newest value entry is a reversal, else pending (the newest value entry of a row that is not
-- cancelled is not a reversal, or it is paid); a cancelled one shows what it was worth before the reversal; payout =
-- the newest payout entry's (none after a failure), else unchanged.
-- An opening is told by its entries (reason 'opened', posted only by commissions_opening) and confirmed by finding no
-- other entry of that commission, so an entry someone posts by hand with that reason is never taken for one.
-- The plan is cached for the connection's life and made at its first call, whatever its size (Pay now's move of
-- thousands, a transfer's five): it is pinned to one index lookup per commission, so no later call scans the table.
CREATE OR REPLACE FUNCTION hs_commission_project() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
BEGIN
  WITH added AS (
    SELECT commission_id, bool_or(reason = 'opened') AS opened, array_agg(id) AS ids,
      coalesce(sum(amount_minor) FILTER (WHERE kind IN ('earned', 'adjusted', 'reversed', 'restored', 'clawback')), 0) AS value_change,
      max(ARRAY[id, (kind = 'reversed')::integer, amount_minor]) FILTER (WHERE kind IN ('earned', 'adjusted', 'reversed', 'restored', 'clawback')) AS last_value,
      min(created_at) FILTER (WHERE kind IN ('paid', 'paid_outside')) AS paid_at,
      max(ARRAY[id, (kind <> 'transfer_failed')::integer, payout_id]) FILTER (WHERE kind IN ('moved_to_payout', 'paid', 'transfer_failed')) AS last_payout
    FROM new_rows GROUP BY commission_id
  ), n AS MATERIALIZED (
    SELECT commission_id, value_change, paid_at, last_payout IS NOT NULL AS payout_changed,
      CASE WHEN last_payout[2] = 1 THEN last_payout[3] END AS payout_id,
      coalesce(last_value[2] = 1, false) AS reversed, last_value[3] AS reversed_amount,
      opened AND NOT EXISTS (SELECT 1 FROM commission_entries e WHERE e.commission_id = added.commission_id AND e.id <> ALL (added.ids)) AS opening
    FROM added
  ), s AS MATERIALIZED (
    -- The opening's state, from the new entries alone.
    SELECT n.*, value_change - CASE WHEN paid_at IS NULL AND reversed THEN reversed_amount ELSE 0 END AS opening_amount,
      CASE WHEN paid_at IS NOT NULL THEN 'paid' WHEN reversed THEN 'cancelled' ELSE 'pending' END AS opening_status
    FROM n
  )
  -- Otherwise from the row being updated (a row another transaction changed meanwhile is read as it now is).
  UPDATE commissions c SET
    amount_cents = CASE WHEN s.opening THEN s.opening_amount
      WHEN c.status = 'cancelled' THEN (hs_commission_state(c.id)).amount_cents
      ELSE c.amount_cents + s.value_change - CASE WHEN least(c.paid_at, s.paid_at) IS NULL AND s.reversed THEN s.reversed_amount ELSE 0 END END,
    status = CASE WHEN s.opening THEN s.opening_status
      WHEN c.status = 'cancelled' THEN (hs_commission_state(c.id)).status
      WHEN least(c.paid_at, s.paid_at) IS NOT NULL THEN 'paid' WHEN s.reversed THEN 'cancelled' ELSE 'pending' END,
    paid_at = CASE WHEN s.opening THEN s.paid_at
      WHEN c.status = 'cancelled' THEN (hs_commission_state(c.id)).paid_at
      ELSE least(c.paid_at, s.paid_at) END,
    payout_id = CASE WHEN s.opening THEN s.payout_id
      WHEN c.status = 'cancelled' THEN (hs_commission_state(c.id)).payout_id
      WHEN s.payout_changed THEN s.payout_id ELSE c.payout_id END
  FROM s
  WHERE c.id = s.commission_id
    AND NOT (s.opening AND (c.amount_cents, c.status, c.paid_at, c.payout_id) IS NOT DISTINCT FROM (s.opening_amount, s.opening_status, s.paid_at, s.payout_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The guard runs only when it may refuse, told by the trigger's WHEN (evaluated without calling plpgsql): a change of
-- party or currency, or any update outside a trigger (depth 0 there; the projection's own updates are at depth 1). The
-- function is 0025's and decides as before: derived columns change only from a trigger, party and currency never.
DROP TRIGGER "commissions_derived_guard" ON "commissions";--> statement-breakpoint
CREATE TRIGGER commissions_derived_guard BEFORE UPDATE ON commissions FOR EACH ROW
  WHEN (pg_trigger_depth() < 1 OR (NEW.business_id, NEW.pro_staff_id, NEW.currency) IS DISTINCT FROM (OLD.business_id, OLD.pro_staff_id, OLD.currency))
  EXECUTE FUNCTION hs_commission_derived_guard();
