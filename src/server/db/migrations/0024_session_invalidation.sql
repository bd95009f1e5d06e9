-- Session cache invalidations (decision record 035): every write that changes what the session look-up returns
-- NOTIFYs hs_session_invalidation with the user ids concerned, once per statement, so each instance drops what
-- it keeps for them. A payload too long for NOTIFY becomes '*' (every user).
CREATE FUNCTION hs_session_notify(user_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  IF cardinality(user_ids) = 0 THEN
    RETURN;
  END IF;
  payload := array_to_string(user_ids, ',');
  IF length(payload) > 7900 THEN
    payload := '*';
  END IF;
  PERFORM pg_notify('hs_session_invalidation', payload);
END
$$;
--> statement-breakpoint
-- Inserted or deleted rows. TG_ARGV[0]: the column holding the user id.
CREATE FUNCTION hs_session_rows_added_or_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM hs_session_notify(ARRAY(SELECT DISTINCT (to_jsonb(n) ->> TG_ARGV[0])::integer FROM new_rows n));
  ELSE
    PERFORM hs_session_notify(ARRAY(SELECT DISTINCT (to_jsonb(o) ->> TG_ARGV[0])::integer FROM old_rows o));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Updated rows where anything but the ignored columns changed. TG_ARGV[0]: the key, [1]: the user id column,
-- the rest: columns whose change the look-up never shows (a session's last-seen time, an account's last activity).
CREATE FUNCTION hs_session_rows_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ignored text[] := TG_ARGV[2:];
BEGIN
  PERFORM hs_session_notify(ARRAY(
    SELECT DISTINCT user_id FROM (
      SELECT (to_jsonb(o) ->> TG_ARGV[1])::integer AS old_user, (to_jsonb(n) ->> TG_ARGV[1])::integer AS new_user
      FROM old_rows o JOIN new_rows n ON (to_jsonb(o) ->> TG_ARGV[0]) = (to_jsonb(n) ->> TG_ARGV[0])
      WHERE (to_jsonb(o) - ignored) IS DISTINCT FROM (to_jsonb(n) - ignored)
    ) changed, LATERAL (VALUES (old_user), (new_user)) AS both_users(user_id)
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_deleted_invalidate AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hs_session_rows_added_or_removed('user_id');
--> statement-breakpoint
CREATE TRIGGER sessions_updated_invalidate AFTER UPDATE ON sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hs_session_rows_updated('id', 'user_id', 'last_seen_at');
--> statement-breakpoint
CREATE TRIGGER users_deleted_invalidate AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hs_session_rows_added_or_removed('id');
--> statement-breakpoint
CREATE TRIGGER users_updated_invalidate AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hs_session_rows_updated('id', 'id', 'last_active_at');
--> statement-breakpoint
CREATE TRIGGER plan_trials_added_invalidate AFTER INSERT ON plan_trials REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hs_session_rows_added_or_removed('user_id');
--> statement-breakpoint
CREATE TRIGGER plan_trials_deleted_invalidate AFTER DELETE ON plan_trials REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hs_session_rows_added_or_removed('user_id');
--> statement-breakpoint
CREATE TRIGGER plan_trials_updated_invalidate AFTER UPDATE ON plan_trials REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hs_session_rows_updated('user_id', 'user_id', 'reminder_sent_at');
--> statement-breakpoint
-- A profile's id is what the look-up reads of it: it changes only when the profile is made or removed.
CREATE TRIGGER business_profiles_added_invalidate AFTER INSERT ON business_profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hs_session_rows_added_or_removed('user_id');
--> statement-breakpoint
CREATE TRIGGER business_profiles_deleted_invalidate AFTER DELETE ON business_profiles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hs_session_rows_added_or_removed('user_id');
--> statement-breakpoint
CREATE TRIGGER pro_staff_profiles_added_invalidate AFTER INSERT ON pro_staff_profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hs_session_rows_added_or_removed('user_id');
--> statement-breakpoint
CREATE TRIGGER pro_staff_profiles_deleted_invalidate AFTER DELETE ON pro_staff_profiles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hs_session_rows_added_or_removed('user_id');
