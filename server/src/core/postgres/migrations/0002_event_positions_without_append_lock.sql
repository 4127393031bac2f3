-- Appends no longer take one lock held until COMMIT (issue 21). Positions are still handed out in one order, but
-- appenders may now commit in another: a reader "after position P" must not move past a position whose transaction
-- may still commit. Each event records the transaction that wrote it, and readers return only events whose
-- transaction is older than the oldest one still running (server/src/core/postgres/eventLog.ts says why that is
-- enough). Events written before this migration were committed one after the other: '0' marks them settled.
-- No default afterwards: a writer that does not draw its positions with events_draw_positions fails loudly instead
-- of writing a transaction id the readers' reasoning does not hold for.
ALTER TABLE events ADD COLUMN transaction_id xid8 NOT NULL DEFAULT '0';
ALTER TABLE events ALTER COLUMN transaction_id DROP DEFAULT;

-- Draws `count` positions for one append and gives the transaction its id in the same step, one appender at a time:
-- among appenders, a later draw always has both higher positions and a higher transaction id. The lock that makes
-- it one at a time is held only for this step, not until COMMIT: it is taken inside a sub-transaction that is
-- rolled back on purpose at the end. Rolling back releases the lock and nothing else: sequence values and the
-- transaction's id are not undone, and PL/pgSQL keeps the variables' values.
-- Refused when the transaction has written before: its id would then be older than its draw.
CREATE FUNCTION events_draw_positions(count integer, OUT transaction_id xid8, OUT positions bigint[])
LANGUAGE plpgsql AS $$
BEGIN
  IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
    RAISE EXCEPTION 'events must be the first write of their transaction'
      USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  BEGIN
    PERFORM pg_advisory_xact_lock(2021000002);
    transaction_id := pg_current_xact_id();
    positions := ARRAY(SELECT nextval(pg_get_serial_sequence('events', 'seq')) FROM generate_series(1, count));
    RAISE EXCEPTION 'events_draw_positions releases its lock' USING ERRCODE = 'EV001';
  EXCEPTION WHEN SQLSTATE 'EV001' THEN
    -- The sub-transaction is rolled back, and its lock released; transaction_id and positions stay.
    NULL;
  END;
END
$$;
