-- Fencing token of a background task's current claim (issue 42, decision record 023): done/failed/retry and lease
-- renewals are written only by the worker holding it.
ALTER TABLE "background_tasks" ADD COLUMN "claim_token" uuid;
