-- events_draw_positions (0002) hardened (review HR2, finding 3). 0002 may already have run on a cluster, so this
-- follows it instead of editing it:
-- - It runs with its owner's rights (SECURITY DEFINER), and a function may be run by PUBLIC by default: only the
--   role that migrates, which is the application's (DATABASE_URL's user), may run it now. Another role appending
--   needs GRANT EXECUTE; connectPostgres names the grant when it is missing.
-- - One call draws at most 10,000 positions (an append's events, a handful in practice): the draw lock blocks every
--   other append while it lasts, and the positions are built in memory.
-- - Its names are looked up in pg_catalog, then the schema the migrations create the log in, then pg_temp last, so
--   a caller's temporary objects cannot stand in for the sequence or the table.
-- The positions' sequence (the identity of events.seq) must keep its default CACHE 1: with a per-session cache,
-- positions would no longer be drawn in the order of the draw lock.
CREATE OR REPLACE FUNCTION events_draw_positions(count integer, OUT transaction_horizon xid8, OUT positions bigint[])
LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  horizon bigint;
BEGIN
  IF count IS NULL OR count NOT BETWEEN 1 AND 10000 THEN
    RAISE EXCEPTION 'events_draw_positions draws 1 to 10000 positions, not %', count USING ERRCODE = '22023';
  END IF;
  BEGIN
    PERFORM pg_advisory_xact_lock(2021000002);
    SELECT GREATEST(pg_current_xact_id()::text::bigint, last_value) INTO horizon FROM events_draw_horizon;
    PERFORM setval('events_draw_horizon', horizon);
    transaction_horizon := horizon::text::xid8;
    positions := ARRAY(SELECT nextval(pg_get_serial_sequence('events', 'seq')) FROM generate_series(1, count));
    RAISE EXCEPTION 'events_draw_positions releases its lock' USING ERRCODE = 'EV001';
  EXCEPTION WHEN SQLSTATE 'EV001' THEN
    -- The sub-transaction is rolled back, and its lock released; transaction_horizon and positions stay.
    NULL;
  END;
END
$$;

-- The schema is the one this migration runs in (where 0001 created the table), named when the migration runs.
DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION events_draw_positions(integer) SET search_path = pg_catalog, %I, pg_temp', current_schema());
END
$$;

REVOKE EXECUTE ON FUNCTION events_draw_positions(integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION events_draw_positions(integer) TO CURRENT_USER;
