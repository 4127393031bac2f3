import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { randomHex } from '../ids';
import { WorkUnderWay, type Cancel, type JobRunner } from '../jobs';
import type { Sql } from '../postgres/connect';
import { NewerSchemaError, newerSchemaMessage, unknownMigrations } from './schema';

/** A process of the cluster as the registry holds it. */
export interface ClusterProcess {
  id: string;
  internalUrl: string;
  build: string;
  startedAt: Date;
  heartbeatAt: Date;
}

export interface ClusterRegistryOptions {
  /** CLUSTER_PROCESS_TIMEOUT_MS: a process whose heartbeat is older than this is gone; it beats every third of it. */
  processTimeoutMs: number;
  /** How other app processes reach this one. */
  internalUrl: string;
  /** This build's version, for operators reading the table. */
  build: string;
  /** Every `area/file` migration this build has: a record of another means a newer build migrated the database. */
  knownMigrations: readonly string[];
  /** This process's own timers (the heartbeat beats on every process, so never a leased runner). */
  timers: JobRunner;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/** How long a gone process's row stays readable before a heartbeat of another process deletes it. */
const goneRowsKeptMs = 60 * 60 * 1000;

/**
 * The processes serving one PostgreSQL database (plan §2.0): each start registers a row under a random id and beats
 * its heartbeat every third of the time-out; a process is alive while its heartbeat is younger than the time-out, by
 * the database's clock; a graceful stop deletes the row. The heartbeat also looks for migrations of a newer build:
 * from then on `refusal()` tells /healthz to take this process out of the load balancer.
 * Only on PostgreSQL: SQLite serves one process and has no registry.
 */
export class ClusterRegistry {
  readonly processId = randomHex(8);
  private newerMigrations: readonly string[] = [];
  private stopHeartbeat: Cancel = () => undefined;
  private stopped = false;
  /** The heartbeat under way, which a stop waits for before deleting the row. */
  private readonly beating = new WorkUnderWay();

  private constructor(
    private readonly sql: Sql,
    private readonly options: ClusterRegistryOptions,
  ) {}

  /**
   * After migrating: refuses (NewerSchemaError) a database a newer build migrated, else registers this process and
   * starts its heartbeat.
   */
  static async start(sql: Sql, options: ClusterRegistryOptions): Promise<ClusterRegistry> {
    const newer = await unknownMigrations(sql, options.knownMigrations);
    if (newer.length > 0) throw new NewerSchemaError(newer);
    const registry = new ClusterRegistry(sql, options);
    await registry.register();
    registry.stopHeartbeat = options.timers.every('cluster: heartbeat', Math.max(1, Math.floor(options.processTimeoutMs / 3)), () =>
      registry.heartbeat(),
    );
    return registry;
  }

  get processTimeoutMs(): number {
    return this.options.processTimeoutMs;
  }

  /** Why this process must not serve (a newer build migrated the database meanwhile), or null. */
  refusal(): string | null {
    return this.newerMigrations.length > 0 ? newerSchemaMessage(this.newerMigrations) : null;
  }

  /** The processes whose heartbeat is younger than the time-out, this one among them, oldest first. */
  async livingProcesses(): Promise<ClusterProcess[]> {
    return this.sql<ClusterProcess[]>`
      SELECT id, internal_url AS "internalUrl", build, started_at AS "startedAt", heartbeat_at AS "heartbeatAt"
      FROM cluster_processes WHERE heartbeat_at > now() - ${this.timeout()}::interval ORDER BY started_at, id`;
  }

  /** No other process is alive: work left open by earlier processes may be finished (it is no one's any more). */
  async isAlone(): Promise<boolean> {
    const [row] = await this.sql<{ others: boolean }[]>`
      SELECT EXISTS (
        SELECT 1 FROM cluster_processes WHERE id <> ${this.processId} AND heartbeat_at > now() - ${this.timeout()}::interval
      ) AS others`;
    return !row?.others;
  }

  /** Whether a process (by its registry id) is alive now. */
  async isAlive(processId: string): Promise<boolean> {
    const [row] = await this.sql<{ alive: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM cluster_processes WHERE id = ${processId} AND heartbeat_at > now() - ${this.timeout()}::interval) AS alive`;
    return row?.alive === true;
  }

  /**
   * Claims a piece of work (`kind`, `key`) for this process: true when no one holds it, this process does, or its
   * holder is no longer alive (it died mid-work). Release it with `releaseWork` when done.
   */
  async claimWork(kind: string, key: string): Promise<boolean> {
    const rows = await this.sql`
      INSERT INTO process_work (kind, key, process_id) VALUES (${kind}, ${key}, ${this.processId})
      ON CONFLICT (kind, key) DO UPDATE SET process_id = excluded.process_id, claimed_at = now()
      WHERE process_work.process_id = ${this.processId} OR NOT EXISTS (
        SELECT 1 FROM cluster_processes
        WHERE cluster_processes.id = process_work.process_id AND heartbeat_at > now() - ${this.timeout()}::interval)
      RETURNING 1`;
    return rows.length === 1;
  }

  async releaseWork(kind: string, key: string): Promise<void> {
    await this.sql`DELETE FROM process_work WHERE kind = ${kind} AND key = ${key} AND process_id = ${this.processId}`;
  }

  /**
   * One beat: the row's heartbeat (written again if another process tidied it away during a long stall), rows of
   * processes gone for an hour deleted, and the look for a newer build's migrations. A failed beat is logged; the
   * next one tries again.
   */
  async heartbeat(): Promise<void> {
    if (this.stopped) return;
    await this.beating.run(() => this.beat());
  }

  private async beat(): Promise<void> {
    try {
      await this.register();
      await this.sql`DELETE FROM cluster_processes WHERE heartbeat_at < now() - ${`${goneRowsKeptMs} milliseconds`}::interval`;
      const newer = await unknownMigrations(this.sql, this.options.knownMigrations);
      if (newer.length > 0 && this.newerMigrations.length === 0) {
        this.options.log.error({ migrations: newer }, `stopped serving: ${newerSchemaMessage(newer)}`);
      }
      this.newerMigrations = newer;
    } catch (error) {
      this.options.log.warn({ err: error }, 'the cluster heartbeat failed; trying again at the next one');
    }
  }

  /** Graceful stop: no more beats, and the row goes, so other processes count this one gone at once. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.stopHeartbeat();
    // A beat under way would write the row again after the delete: the process would count as alive after its stop.
    await this.beating.ended();
    try {
      await this.sql`DELETE FROM cluster_processes WHERE id = ${this.processId}`;
    } catch (error) {
      this.options.log.warn({ err: error }, 'this process could not leave the cluster registry; it counts as gone after its time-out');
    }
  }

  private async register(): Promise<void> {
    await this.sql`
      INSERT INTO cluster_processes (id, internal_url, build) VALUES (${this.processId}, ${this.options.internalUrl}, ${this.options.build})
      ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()`;
  }

  private timeout(): string {
    return `${this.options.processTimeoutMs} milliseconds`;
  }
}

/** How other processes reach this one: its host name and port, or the loopback address when it listens only there. */
export function defaultInternalUrl(host: string, port: number): string {
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '::1';
  return loopback ? `http://127.0.0.1:${port}` : `http://${hostname()}:${port}`;
}
