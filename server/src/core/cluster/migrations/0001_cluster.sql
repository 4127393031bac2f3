-- Several app processes on one database (issue 22). Every time here is the database's now(): machines' clocks differ.

-- The processes serving: a random id per start, alive while its heartbeat is younger than CLUSTER_PROCESS_TIMEOUT_MS.
CREATE TABLE cluster_processes (
  id text PRIMARY KEY,
  internal_url text NOT NULL,
  build text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);

-- One row per periodic job: who runs it now (until lease_until), when its period began, failures in a row.
CREATE TABLE job_leases (
  name text PRIMARY KEY,
  holder text,
  lease_until timestamptz,
  period_started_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0
);

-- Every run of a periodic job, its error when it failed: the failure log, kept 30 days.
CREATE TABLE job_runs (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  process_id text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  error text
);
CREATE INDEX job_runs_by_name ON job_runs (name, started_at);
CREATE INDEX job_runs_by_start ON job_runs (started_at);

-- Work one process at a time does (a calendar account's sync): taken over when its process is no longer alive.
CREATE TABLE process_work (
  kind text NOT NULL,
  key text NOT NULL,
  process_id text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, key)
);
