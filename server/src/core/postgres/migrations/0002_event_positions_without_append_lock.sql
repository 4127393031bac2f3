-- Appends no longer take one lock held until COMMIT (issue 21). Positions are still handed out in one order, but
-- appenders may now commit in another: a reader "after position P" must not move past a position whose transaction
-- may still commit. Each event records a transaction id, its horizon, and readers return an event only once every
-- transaction up to its horizon has ended (server/src/core/postgres/eventLog.ts says why that is enough). Events
-- written before this migration were committed one after the other: horizon '0' marks them settled.
-- No default afterwards: a writer that does not draw its positions with events_draw_positions fails loudly instead
-- of writing a horizon the readers' reasoning does not hold for.
ALTER TABLE events ADD COLUMN transaction_horizon xid8 NOT NULL DEFAULT '0';
ALTER TABLE events ALTER COLUMN transaction_horizon DROP DEFAULT;

-- The horizon of the latest draw. A sequence because its value changes at once for everyone and no rollback
-- undoes it, like the positions'.
CREATE SEQUENCE events_draw_horizon AS bigint MINVALUE 0 START 0;

-- Draws `count` positions for one append, one appender at a time, with their horizon: the newest of the drawing
-- transaction's id and the previous draw's horizon. So from one draw to the next the positions grow and the horizon
-- never shrinks, and a horizon is never older than the transaction that drew with it.
-- The lock that makes draws one at a time is held for this step only, not until COMMIT: it is taken inside a
-- sub-transaction rolled back on purpose at the end, which releases the lock and nothing else (sequences and the
-- transaction's id are not undone, and PL/pgSQL keeps the variables' values).
-- It runs with its owner's rights (the user who migrated), so the application's user needs no rights on the two
-- sequences, and with the search path of this migration, so no one can slip in other objects of the same names.
CREATE FUNCTION events_draw_positions(count integer, OUT transaction_horizon xid8, OUT positions bigint[])
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  horizon bigint;
BEGIN
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
