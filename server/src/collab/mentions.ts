import { asc, eq } from 'drizzle-orm';
import * as Y from 'yjs';
import { collabFragmentName } from '#shared/docs';
import type { UnitOfWork } from '../core/commands';
import type { Transaction } from '../db/connection';
import { docSnapshots, docUpdates } from '../domains/docs/tables';
import { docStream } from '../core/streams';
import { baselineOf, decideMentions, type MentionBaseline, type MentionOrigin } from '../domains/docs/mentions';
import type { DocRow } from '../domains/docs/state';

type Node = Y.XmlElement | Y.XmlText | Y.XmlHook;

/**
 * Each person the doc's @ mentions name (Tiptap's Mention node, stored by the Collaboration extension as an
 * element `mention` with its attributes), with the Yjs ids of the items holding those nodes. A `#` mention
 * names a task and is left out. Read from the doc's structure (the node's `id`), never from its text.
 */
export function personMentionsOf(doc: Y.Doc, fragmentName = collabFragmentName): Map<string, Y.ID[]> {
  const found = new Map<string, Y.ID[]>();
  const visit = (nodes: readonly Node[]) => {
    for (const node of nodes) {
      if (!(node instanceof Y.XmlElement)) continue;
      if (node.nodeName !== 'mention') {
        visit(node.toArray() as Node[]);
        continue;
      }
      const id: unknown = node.getAttribute('id');
      if (typeof id !== 'string' || node.getAttribute('mentionSuggestionChar') === '#' || !node._item) continue;
      found.set(id, [...(found.get(id) ?? []), node._item.id]);
    }
  };
  visit(doc.getXmlFragment(fragmentName).toArray() as Node[]);
  return found;
}

interface StoredRange {
  userId: string | null;
  from: Map<number, number>;
  to: Map<number, number>;
}

const parsedOrNull = <Result>(data: Buffer, parse: (update: Uint8Array) => Result): Result | null => {
  try {
    return parse(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  } catch {
    // Unreadable when the room loaded too: it holds nothing anyone sees.
    return null;
  }
};

/**
 * Where the items holding a person's mention nodes came from (see MentionOrigin): the first update row not
 * yet merged into the snapshot that holds one of them and names its author, else `pending` if one of them is
 * neither in a row nor covered by the snapshot's state (applied by the room, not stored yet), else the
 * snapshot. The rows are searched first: a compaction stores the room's doc, which may hold an update whose
 * row is stored just after it. The rows and the snapshot's state are read once, on the first question, and
 * only when a mention new to the log asks.
 */
export function mentionOrigins(db: Pick<Transaction, 'select'>, docId: string): (items: readonly Y.ID[]) => Promise<MentionOrigin> {
  let stored: Promise<{ ranges: StoredRange[]; snapshotState: Map<number, number> }> | null = null;
  const read = async () => {
    const rows = await db
      .select({ userId: docUpdates.userId, data: docUpdates.data })
      .from(docUpdates)
      .where(eq(docUpdates.docId, docId))
      .orderBy(asc(docUpdates.id));
    const ranges = rows.flatMap((row) => {
      const meta = parsedOrNull(row.data, (update) => Y.parseUpdateMeta(update));
      return meta ? [{ userId: row.userId, from: meta.from, to: meta.to }] : [];
    });
    const [snapshot] = await db.select({ data: docSnapshots.data }).from(docSnapshots).where(eq(docSnapshots.docId, docId)).limit(1);
    const snapshotState = snapshot && parsedOrNull(snapshot.data, (update) => Y.decodeStateVector(Y.encodeStateVectorFromUpdate(update)));
    return { ranges, snapshotState: snapshotState ?? new Map<number, number>() };
  };
  return async (items) => {
    const { ranges, snapshotState } = await (stored ??= read());
    let unattributed = false;
    let pending = false;
    for (const item of items) {
      const range = ranges.find((each) => {
        const from = each.from.get(item.client);
        const to = each.to.get(item.client);
        return from !== undefined && to !== undefined && from <= item.clock && item.clock < to;
      });
      if (range?.userId) return { kind: 'stored', authorId: range.userId };
      if (range) unattributed = true;
      else if (item.clock >= (snapshotState.get(item.client) ?? 0)) pending = true;
    }
    if (pending) return { kind: 'pending' };
    return unattributed ? { kind: 'stored', authorId: null } : { kind: 'snapshot' };
  };
}

/**
 * Records, in the unit that records a doc's content activity, a `docMentions.changed` entry when the team
 * members its mentions name differ from the last entry (see decideMentions). Called where the rooms already
 * read the whole doc for its plain text: once per person per debounce window and before each compaction.
 * `baseline` is what the previous record of this doc left (a room keeps it while loaded; see MentionBaseline):
 * with it, only the stream's entries after it are read. Gives the baseline to pass next time.
 */
export async function recordMentions(
  unit: UnitOfWork,
  row: Pick<DocRow, 'id' | 'projectId' | 'teamId'>,
  doc: Y.Doc,
  baseline: MentionBaseline | null = null,
): Promise<MentionBaseline | null> {
  const mentions = personMentionsOf(doc);
  const originOf = mentionOrigins(unit.transaction, row.id);
  const decided = await decideMentions(
    unit.transaction,
    row,
    mentions.keys(),
    async (userId) => await originOf(mentions.get(userId) ?? []),
    baseline ?? undefined,
  );
  if (decided.events.length > 0) await unit.append(docStream(row.id), decided.events, { teamId: row.teamId });
  return await baselineOf(unit.transaction, row.id, decided.mentioned);
}
