import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { DomainEvent } from '../../core/events';
import { isId } from '../../core/ids';
import { events } from '../../core/tables';
import { docStream } from '../../core/streams';
import { teamMembers } from '../teams';
import type { DocRow, Reader } from './state';

/** A person newly mentioned in a doc, and who added the mention. */
export interface AddedMention {
  userId: string;
  authorId: string;
}

/**
 * The team members a doc's @person mentions name changed (stream `doc:<docId>`): `mentioned` is every one it
 * names now, `added` those named since the previous entry by a mention added in recent edits (what the
 * notifications area tells). Written when the debounced content activity is recorded, so once per window,
 * never per keystroke; an entry with no `added` only moves the baseline (a mention removed, or one that was
 * in the doc before mentions were followed). Not a `doc.` type on purpose: subDoc and the rooms' access checks
 * follow every `doc.` event, and this one changes nothing they show or judge.
 */
export interface DocMentionsChanged {
  docId: string;
  projectId: string;
  teamId: string;
  added: AddedMention[];
  mentioned: string[];
}

export type DocMentionsEvent = DomainEvent<'docMentions.changed', DocMentionsChanged>;

export const docMentionsChangedType = 'docMentions.changed';

/** Ids beyond this many in one doc are not looked at: a real doc names far fewer people; a forged one cannot make a huge query. */
export const maximumMentionedPeople = 500;

/**
 * What a look at a doc's mention entries found, for the next look to start from: the people recorded, and the
 * stream's head when it looked (its version and that event's id). Kept by the caller while the doc stays in
 * memory (a room), since finding the latest entry from scratch walks back over every entry of the stream.
 */
export interface MentionBaseline {
  mentioned: ReadonlySet<string>;
  version: number;
  eventId: string;
}

async function mentionEntry(db: Reader, docId: string, afterVersion: number) {
  const [entry] = await db
    .select({ payload: events.payload })
    .from(events)
    .where(and(eq(events.stream, docStream(docId)), eq(events.type, docMentionsChangedType), gt(events.version, afterVersion)))
    .orderBy(desc(events.version))
    .limit(1);
  return entry;
}

async function eventIdAt(db: Reader, docId: string, version: number): Promise<string | undefined> {
  const [entry] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.stream, docStream(docId)), eq(events.version, version)))
    .limit(1);
  return entry?.id;
}

/**
 * The team members the doc named at its latest `docMentions.changed` entry (none before the first). With a
 * baseline whose head event the log still holds (a unit that rolled back left none), only the entries after it
 * are read (a few); otherwise the whole stream, newest first.
 */
export async function recordedMentions(db: Reader, docId: string, known?: MentionBaseline): Promise<ReadonlySet<string>> {
  const valid = known !== undefined && (await eventIdAt(db, docId, known.version)) === known.eventId;
  const latest = await mentionEntry(db, docId, valid ? known.version : 0);
  if (!latest && valid) return known.mentioned;
  return new Set((latest?.payload as DocMentionsChanged | undefined)?.mentioned ?? []);
}

/** The baseline to keep once `mentioned` is what the log records (read inside the unit that recorded it). */
export async function baselineOf(db: Reader, docId: string, mentioned: readonly string[]): Promise<MentionBaseline | null> {
  const [head] = await db
    .select({ version: events.version, id: events.id })
    .from(events)
    .where(eq(events.stream, docStream(docId)))
    .orderBy(desc(events.version))
    .limit(1);
  return head ? { mentioned: new Set(mentioned), version: head.version, eventId: head.id } : null;
}

/**
 * Where a person's mention nodes in a loaded doc came from: a stored update row not yet merged into the
 * snapshot (with the author who stored it, if the row names one), the snapshot (there before: mentions are
 * recorded before every compaction), or neither: an update the room applied and broadcast that is still on
 * its way to the disk. That update's row, once stored, brings a record of its own (its edit's activity).
 */
export type MentionOrigin = { kind: 'stored'; authorId: string | null } | { kind: 'snapshot' } | { kind: 'pending' };

/**
 * The entry to record for the people a doc's mentions name now (ids from the mention nodes, any string a
 * client wrote): only members of the doc's team count. A person not recorded last is `added` when
 * `originOf` finds who stored one of their mention nodes in the edits kept since the last compaction; one
 * found only in the snapshot joins the record without telling anyone; one whose mention is not stored yet is
 * left as recorded (out of it), for the record after its row is stored to tell. Nothing when the people
 * named are the ones recorded last. Gives the team members named too: what the log records once the entry
 * is appended.
 */
export async function decideMentions(
  db: Reader,
  doc: Pick<DocRow, 'id' | 'projectId' | 'teamId'>,
  mentionedIds: Iterable<string>,
  originOf: (userId: string) => MentionOrigin | Promise<MentionOrigin>,
  known?: MentionBaseline,
): Promise<{ events: DocMentionsEvent[]; mentioned: string[] }> {
  const ids = [...new Set(mentionedIds)].filter((id) => isId(id)).slice(0, maximumMentionedPeople);
  const members =
    ids.length === 0
      ? []
      : (
          await db
            .select({ userId: teamMembers.userId })
            .from(teamMembers)
            .where(and(eq(teamMembers.teamId, doc.teamId), inArray(teamMembers.userId, ids)))
        ).map((row) => row.userId);
  const recorded = await recordedMentions(db, doc.id, known);
  const added: AddedMention[] = [];
  const mentioned: string[] = [];
  for (const userId of ids) {
    if (!members.includes(userId)) continue;
    if (!recorded.has(userId)) {
      const origin = await originOf(userId);
      if (origin.kind === 'pending') continue;
      if (origin.kind === 'stored' && origin.authorId) added.push({ userId, authorId: origin.authorId });
    }
    mentioned.push(userId);
  }
  if (mentioned.length === recorded.size && mentioned.every((id) => recorded.has(id))) return { events: [], mentioned };
  return {
    events: [{ type: docMentionsChangedType, payload: { docId: doc.id, projectId: doc.projectId, teamId: doc.teamId, added, mentioned } }],
    mentioned,
  };
}
