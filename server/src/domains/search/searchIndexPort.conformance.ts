import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rankedCandidates,
  type IndexChange,
  type IndexedItem,
  type IndexQuery,
  type MatchedItem,
  type SearchIndexPort,
  type SearchScope,
} from './port';
import { matchEnd, matchStart } from './text';

/**
 * The rules every adapter of the search index keeps, run on SQLite (`sqlite/ftsIndex.test.ts`) and on PostgreSQL
 * (`tests/integration/search-postgres.test.ts`). One index per file: each case uses words of its own, so the cases
 * do not see each other's items.
 */
export interface SearchIndexUnderTest {
  index: SearchIndexPort;
  close(): Promise<void>;
}

const teamId = 'team-conformance';
const now = new Date('2026-06-01T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

/** What the searcher may read: one space, one private chat, one meeting room and one calendar event of the team (others exist beside). */
const scope: SearchScope = {
  teamId,
  spaceIds: ['space-readable'],
  privatIds: ['chat-member'],
  meetingroomIds: ['room-readable'],
  eventIds: ['event-readable'],
};

let itemNumber = 0;
/** A task in the readable space, created a day ago, unless the case says otherwise. */
function item(fields: Partial<IndexedItem> & { title: string }): IndexedItem {
  itemNumber += 1;
  return {
    kind: 'task',
    itemId: `item-${itemNumber}`,
    teamId,
    spaceId: 'space-readable',
    privatId: null,
    taskId: null,
    meetingroomId: null,
    code: null,
    emoji: null,
    folderId: null,
    createdAt: daysAgo(1),
    body: '',
    ...fields,
  };
}

const added = (...items: IndexedItem[]): IndexChange[] => items.map((one) => ({ type: 'add', item: one }));

const marked = (word: string) => `${matchStart}${word}${matchEnd}`;

export function describeSearchIndexConformance(adapter: string, open: () => Promise<SearchIndexUnderTest>): void {
  describe(`the search index port on ${adapter}`, () => {
    let underTest: SearchIndexUnderTest;
    let index: SearchIndexPort;

    beforeAll(async () => {
      underTest = await open();
      index = underTest.index;
    });
    afterAll(async () => {
      await underTest?.close();
    });

    const search = (text: string, options: Partial<IndexQuery> = {}, within: SearchScope = scope) =>
      index.search({ text, kind: null, from: null, until: null, first: 20, now, ...options }, within);
    const found = async (text: string, options: Partial<IndexQuery> = {}, within: SearchScope = scope) =>
      (await search(text, options, within)).map((match) => match.itemId);

    it('finds an item by a word of its title or its text, and only items holding every word typed', async () => {
      const both = item({ title: 'Walrus migration plan', body: 'The tundra route is settled' });
      const titleOnly = item({ title: 'Walrus feeding' });
      const textOnly = item({ title: 'Unrelated', body: 'a note about the walrus colony' });
      await index.apply(added(both, titleOnly, textOnly));
      expect(new Set(await found('walrus'))).toEqual(new Set([both.itemId, titleOnly.itemId, textOnly.itemId]));
      expect(await found('walrus tundra')).toEqual([both.itemId]);
      expect(await found('tundra walrus')).toEqual([both.itemId]);
      expect(await found('walrus nowhereword')).toEqual([]);
    });

    it('finds the words a typed word of three or more letters begins, and whole words only below that', async () => {
      const deploy = item({ title: 'Deployment checklist', body: 'deploy the quokka service' });
      const short = item({ title: 'Quokka ox notes', body: 'oxen and quokkas' });
      await index.apply(added(deploy, short));
      expect(await found('deplo quokk')).toEqual([deploy.itemId]);
      expect(await found('deployment')).toEqual([deploy.itemId]);
      expect(await found('ox quokka')).toEqual([short.itemId]);
      expect(await found('deploys quokka')).toEqual([]);
    });

    it('ignores accents and case both ways', async () => {
      const accented = item({ title: 'Café Ñandú', body: 'réunion à l’Élysée' });
      const plain = item({ title: 'cafe nandu menu', body: 'reunion' });
      await index.apply(added(accented, plain));
      expect(new Set(await found('cafe nandu'))).toEqual(new Set([accented.itemId, plain.itemId]));
      expect(new Set(await found('CAFÉ ÑANDÚ'))).toEqual(new Set([accented.itemId, plain.itemId]));
      expect(await found('elysee nandu')).toEqual([accented.itemId]);
    });

    it('cuts words at typographic punctuation and folds the case of non-Latin scripts', async () => {
      const palace = item({ title: 'd’Évreux palace', body: 'alpha—beta «bonjour» ami gamma\u00a0delta' });
      const cyrillic = item({ title: 'ПРИВЕТ мир', body: 'ΚΑΛΗΜΕΡΑ κόσμε' });
      await index.apply(added(palace, cyrillic));
      for (const typed of ['evreux', 'd’evreux', 'D’ÉVREUX', 'beta', 'alpha—beta', 'bonjour', '«bonjour»', 'ami', 'delta'])
        expect(await found(typed), typed).toEqual([palace.itemId]);
      // Not 'καλημέρα' for ΚΑΛΗΜΕΡΑ: unicode61 removes the diacritics of Latin letters only, where unaccent also folds Greek.
      for (const typed of ['привет', 'ПРИВЕТ', 'Привет мир', 'καλημερα', 'ΚΌΣΜΕ'])
        expect(await found(typed), typed).toEqual([cyrillic.itemId]);
    });

    it('reads operators typed by a person as plain text', async () => {
      const pangolin = item({ title: 'Pangolin', body: 'pangolin scales and armadillo shells' });
      await index.apply(added(pangolin));
      // As operators, each would find it (or fail); as text, every word is required and punctuation is no word.
      expect(await found('pangolin | nowhereword')).toEqual([]);
      expect(await found('!pangolin')).toEqual([pangolin.itemId]);
      expect(await found('pangolin & armadillo')).toEqual([pangolin.itemId]);
      expect(await found('(pangolin) "armadillo"')).toEqual([pangolin.itemId]);
      expect(await found('pangolin:* armadillo:')).toEqual([pangolin.itemId]);
      expect(await found("pangolin' <-> \\armadillo")).toEqual([pangolin.itemId]);
      for (const typed of ['"', ':*', '&', '(', '|', '!', "'", '\\', '<->', '" OR "', marked('')]) expect(await found(typed)).toEqual([]);
    });

    it('reads a typed NUL or control character as nothing, without failing', async () => {
      const hello = item({ title: 'Dingo world', body: 'wombat plan' });
      await index.apply(added(hello));
      // The control character joins what it stood between: no word here.
      for (const typed of ['dingo\u0000world', 'wombat\u0001plan', '\u0000', '\u0007'])
        expect(await found(typed), JSON.stringify(typed)).toEqual([]);
      expect(await found('dingo\u0000')).toEqual([hello.itemId]);
    });

    it('cuts words at punctuation as the text is cut: file names, addresses, hyphens', async () => {
      const file = item({ kind: 'file', title: 'Gazelle-report.pdf', body: 'mail gnu@savanna.example about v2.7' });
      await index.apply(added(file));
      for (const typed of ['gazelle', 'report', 'pdf', 'gazelle-report.pdf', 'gnu', 'savanna', 'gnu@savanna.example', 'v2.7'])
        expect(await found(typed), typed).toEqual([file.itemId]);
    });

    it('puts an exact title first, then titles before texts, then newer before older', async () => {
      // The two texts are as long as each other and hold the words as often: only their age tells them apart.
      const inText = item({ title: 'Notes', body: 'the ibex herd moved', createdAt: daysAgo(1) });
      const inTitle = item({ title: 'Ibex herd sighting', createdAt: daysAgo(2) });
      const exact = item({ title: 'Ibex herd', createdAt: daysAgo(300) });
      const newerText = item({ title: 'Notes', body: 'the ibex herd again', createdAt: daysAgo(0) });
      await index.apply(added(inText, inTitle, exact, newerText));
      expect(await found('ibex herd')).toEqual([exact.itemId, inTitle.itemId, newerText.itemId, inText.itemId]);
      expect(await found('ibex herd', { first: 2 })).toEqual([exact.itemId, inTitle.itemId]);
    });

    it('marks the matched words in the title and in a snippet of the text', async () => {
      const marmot = item({ title: 'Marmot burrows', body: 'We counted marmots near the ridge before winter.', code: 'T-7' });
      await index.apply(added(marmot));
      const [match] = await search('marmot');
      expect(match).toMatchObject<Partial<MatchedItem>>({ itemId: marmot.itemId, kind: 'task', code: 'T-7', createdAt: marmot.createdAt });
      expect(match!.markedTitle).toBe(`${marked('Marmot')} burrows`);
      expect(match!.markedSnippet).toContain(`counted ${marked('marmots')} near`);
      expect(match!.markedSnippet.replaceAll(matchStart, '').replaceAll(matchEnd, '')).toContain(
        'We counted marmots near the ridge before winter.',
      );
    });

    it('cuts a long text to a snippet around the match, with "…" where it cuts', async () => {
      const words = Array.from({ length: 120 }, (_, number) => `word${number}`);
      words[60] = 'narwhal';
      const long = item({ title: 'Long read', body: words.join(' ') });
      await index.apply(added(long));
      const [match] = await search('narwhal');
      const snippet = match!.markedSnippet;
      expect(snippet).toContain(`${marked('narwhal')} word61`);
      expect(snippet.startsWith('…')).toBe(true);
      expect(snippet.endsWith('…')).toBe(true);
      expect(snippet.split(' ').length).toBeLessThanOrEqual(40);
    });

    it('keeps the match markers out of the indexed text', async () => {
      const markers = item({ title: `Lemur ${matchStart}troop${matchEnd}`, body: `lemur ${matchEnd}tails` });
      await index.apply(added(markers));
      const [match] = await search('lemur troop');
      expect(match!.markedTitle).toBe(`${marked('Lemur')} ${marked('troop')}`);
      expect(match!.markedSnippet).toContain(`${marked('lemur')} tails`);
    });

    it('filters by kind and by an inclusive date range', async () => {
      const old = item({ title: 'Okapi census', createdAt: '2026-01-10T00:00:00.000Z' });
      const middle = item({ kind: 'message', title: '', body: 'okapi census call', createdAt: '2026-02-10T00:00:00.000Z' });
      const recent = item({ kind: 'doc', title: 'Okapi census results', createdAt: '2026-03-10T00:00:00.000Z' });
      await index.apply(added(old, middle, recent));
      const range = { from: '2026-02-10T00:00:00.000Z', until: '2026-03-10T00:00:00.000Z' };
      expect(new Set(await found('okapi census', range))).toEqual(new Set([middle.itemId, recent.itemId]));
      expect(await found('okapi census', { from: '2026-02-10T00:00:00.001Z' })).toEqual([recent.itemId]);
      expect(await found('okapi census', { until: '2026-01-10T00:00:00.000Z' })).toEqual([old.itemId]);
      expect(await found('okapi census', { kind: 'message' })).toEqual([middle.itemId]);
      expect(await found('okapi census', { kind: 'file' })).toEqual([]);
    });

    it('finds only what the scope holds: never another space, private chat, meeting room or team', async () => {
      const readable = [
        item({ title: 'Tapir in the space' }),
        item({ kind: 'message', title: '', body: 'tapir in the chat', spaceId: null, privatId: 'chat-member' }),
        item({ kind: 'message', title: '', body: 'tapir in the room', spaceId: null, meetingroomId: 'room-readable' }),
        item({ kind: 'message', title: '', body: 'tapir in a task thread', taskId: 'task-readable' }),
      ];
      const hidden = [
        item({ title: 'Tapir in another space', spaceId: 'space-hidden' }),
        item({ kind: 'message', title: '', body: 'tapir in another chat', spaceId: null, privatId: 'chat-other' }),
        item({ kind: 'message', title: '', body: 'tapir in another room', spaceId: null, meetingroomId: 'room-hidden' }),
        item({ title: 'Tapir in another team', teamId: 'team-other' }),
        item({ kind: 'message', title: '', body: 'tapir placed nowhere', spaceId: null }),
      ];
      await index.apply(added(...readable, ...hidden));
      expect(new Set(await found('tapir'))).toEqual(new Set(readable.map((one) => one.itemId)));
      const onlySpace = { ...scope, privatIds: [], meetingroomIds: [] };
      expect(new Set(await found('tapir', {}, onlySpace))).toEqual(new Set([readable[0]!.itemId, readable[3]!.itemId]));
      expect(await found('tapir', {}, { teamId, spaceIds: [], privatIds: [], meetingroomIds: [], eventIds: [] })).toEqual([]);
    });

    it('finds a calendar event only through the events the scope lists, never through a space, chat or room', async () => {
      const event = (itemId: string, teamOf = teamId) =>
        item({ kind: 'event', itemId, teamId: teamOf, spaceId: null, title: 'Gecko workshop', body: 'bring the terrarium notes' });
      const readable = event('event-readable');
      await index.apply(added(readable, event('event-hidden'), event('event-readable-elsewhere', 'team-other')));
      // An item of another kind with a listed event's id is not found through the list.
      await index.apply(
        added(item({ kind: 'message', itemId: 'event-readable', title: '', body: 'gecko terrarium chatter', spaceId: null })),
      );
      const [match] = await search('gecko terrarium');
      expect(match).toMatchObject<Partial<MatchedItem>>({ kind: 'event', itemId: readable.itemId, spaceId: null });
      expect(match!.markedTitle).toBe(`${marked('Gecko')} workshop`);
      expect(match!.markedSnippet).toContain(marked('terrarium'));
      expect(await found('gecko terrarium')).toEqual([readable.itemId]);
      expect(await found('gecko', { kind: 'event' })).toEqual([readable.itemId]);
      expect(await found('gecko', { kind: 'task' })).toEqual([]);
      expect(await found('gecko', {}, { ...scope, eventIds: [] })).toEqual([]);
      await index.apply([{ type: 'setText', kind: 'event', itemId: readable.itemId, title: 'Salamander workshop' }]);
      expect(await found('gecko')).toEqual([]);
      expect(await found('salamander terrarium')).toEqual([readable.itemId]);
      await index.apply([{ type: 'remove', where: { kind: 'event', itemId: readable.itemId } }]);
      expect(await found('salamander')).toEqual([]);
    });

    it('removes an item, a task with its thread and files, and a space with its items', async () => {
      const message = item({ kind: 'message', title: '', body: 'a bison message' });
      const task = item({ itemId: 'task-bison', taskId: 'task-bison', title: 'Bison task' });
      const thread = item({ kind: 'message', title: '', body: 'bison thread reply', taskId: task.itemId });
      const attached = item({ kind: 'file', title: 'bison.png', taskId: task.itemId });
      const elsewhere = item({ title: 'Bison elsewhere', spaceId: 'space-readable-too' });
      const wider = { ...scope, spaceIds: ['space-readable', 'space-readable-too'] };
      await index.apply(added(message, task, thread, attached, elsewhere));
      await index.apply([{ type: 'remove', where: { kind: 'message', itemId: message.itemId } }]);
      expect(new Set(await found('bison', {}, wider))).toEqual(new Set([task.itemId, thread.itemId, attached.itemId, elsewhere.itemId]));
      await index.apply([{ type: 'remove', where: { taskId: task.itemId } }]);
      expect(await found('bison', {}, wider)).toEqual([elsewhere.itemId]);
      await index.apply([{ type: 'remove', where: { spaceId: 'space-readable-too' } }]);
      expect(await found('bison', {}, wider)).toEqual([]);
    });

    it('follows changes of an item: its text, its place, a replayed creation', async () => {
      const task = item({ itemId: 'task-jackal', taskId: 'task-jackal', title: 'Jackal survey', body: 'first draft', code: 'T-1' });
      const file = item({ kind: 'file', title: 'jackal.pdf', folderId: 'folder-1' });
      await index.apply(added(task, file));
      await index.apply([
        { type: 'setText', kind: 'task', itemId: task.itemId, title: 'Hyena survey' },
        { type: 'setText', kind: 'file', itemId: file.itemId, body: 'jackal tracks extracted' },
        { type: 'setPlace', where: { kind: 'task', itemId: task.itemId }, set: { code: 'T-2' } },
        { type: 'setPlace', where: { kind: 'file', folderId: 'folder-1' }, set: { folderId: null } },
        { type: 'add', item: { ...task, title: 'Jackal survey again' } },
      ]);
      expect(await found('jackal')).toEqual([file.itemId]);
      const [hyena] = await search('hyena draft');
      expect(hyena).toMatchObject({ itemId: task.itemId, code: 'T-2' });
      const [tracks] = await search('jackal tracks');
      expect(tracks).toMatchObject({ itemId: file.itemId, folderId: null });
      await index.apply([{ type: 'setPlace', where: { taskId: task.itemId }, set: { spaceId: 'space-hidden' } }]);
      expect(await found('hyena')).toEqual([]);
      // An undefined value leaves its column as it is.
      await index.apply([{ type: 'setPlace', where: { kind: 'task', itemId: task.itemId }, set: { code: undefined, emoji: '🐺' } }]);
      expect(await search('hyena draft', {}, { ...scope, spaceIds: ['space-hidden'] })).toMatchObject([{ code: 'T-2', emoji: '🐺' }]);
      // Changes of an item the index does not hold change nothing.
      await index.apply([{ type: 'setText', kind: 'doc', itemId: 'doc-never-added', title: 'hyena' }]);
      expect(await found('hyena')).toEqual([]);
    });

    it("finds a doc by its text, with a snippet of that text, and keeps the doc's text when it changes", async () => {
      const doc = item({ kind: 'doc', title: 'Field guide', emoji: '🦓' });
      await index.apply(added(doc));
      await index.apply([{ type: 'setDocText', docId: doc.itemId, text: 'Zebras graze with wildebeest at dawn.', updatedAt: daysAgo(0) }]);
      const [match] = await search('wildebeest');
      expect(match).toMatchObject({ itemId: doc.itemId, kind: 'doc', emoji: '🦓', markedTitle: 'Field guide' });
      expect(match!.markedSnippet).toContain(`with ${marked('wildebeest')} at`);
      expect(await found('wildebeest', { kind: 'task' })).toEqual([]);
      expect(await found('field wildebeest')).toEqual([]);
      await index.apply([{ type: 'setDocText', docId: doc.itemId, text: 'Only giraffes now.', updatedAt: daysAgo(0) }]);
      expect(await found('wildebeest')).toEqual([]);
      expect(await found('giraffes')).toEqual([doc.itemId]);
      await index.apply([{ type: 'remove', where: { kind: 'doc', itemId: doc.itemId } }]);
      expect(await found('giraffes')).toEqual([]);
    });

    describe('one table of items and queries, the same expectations on every adapter', () => {
      // The items, by name; each query below expects names. Tasks in the readable space unless said otherwise.
      const tableScope: SearchScope = { ...scope, eventIds: ['event-numbat-readable'] };
      const items = {
        accented: item({ title: 'Numbat jalapeño', body: 'Göteborg crêpes', createdAt: daysAgo(2) }),
        plain: item({ kind: 'message', title: '', body: 'numbat jalapenos for goteborg', createdAt: daysAgo(1) }),
        exactTitle: item({ title: 'Numbat', createdAt: daysAgo(3) }),
        shortWords: item({ title: 'Mu yak numbat', createdAt: daysAgo(4) }),
        quoted: item({ kind: 'message', title: '', body: "The numbat's tunnel (really)", createdAt: daysAgo(5) }),
        privateChat: item({ kind: 'message', title: '', body: 'numbat in the chat', spaceId: null, privatId: 'chat-member' }),
        room: item({ kind: 'message', title: '', body: 'numbat in the room', spaceId: null, meetingroomId: 'room-readable' }),
        event: item({ kind: 'event', itemId: 'event-numbat-readable', title: 'Numbat tally', spaceId: null }),
        hiddenSpace: item({ kind: 'message', title: '', body: 'numbat jalapenos hidden', spaceId: 'space-hidden' }),
        otherChat: item({ kind: 'message', title: '', body: 'numbat elsewhere', spaceId: null, privatId: 'chat-other' }),
        otherRoom: item({ kind: 'message', title: '', body: 'numbat elsewhere', spaceId: null, meetingroomId: 'room-other' }),
        unlistedEvent: item({ kind: 'event', itemId: 'event-numbat-unlisted', title: 'Numbat tally', spaceId: null }),
        otherTeam: item({ teamId: 'team-other', title: 'Numbat jalapeño' }),
      };
      type Name = keyof typeof items;
      const readableNumbats: Name[] = ['accented', 'plain', 'exactTitle', 'shortWords', 'quoted', 'privateChat', 'room', 'event'];

      beforeAll(async () => {
        await index.apply(added(...Object.values(items)));
      });

      /**
       * `exact`: this order, on every adapter (one item or none, or an order both define alike). `set`: these items in
       * an order each adapter ranks its own way (bm25 on SQLite, ts_rank on PostgreSQL). `exact title first`: the first
       * item is the one whose whole title was typed, the rest a set.
       */
      const queries: { typed: string; expected: Name[]; order: 'exact' | 'set' | 'exact title first'; within?: SearchScope }[] = [
        // Case, accents and prefixes: a word of three or more letters finds the words it begins, accents folded both ways.
        {
          typed: 'numbat',
          expected: ['exactTitle', ...readableNumbats.filter((name) => name !== 'exactTitle')],
          order: 'exact title first',
        },
        {
          typed: 'NUMBAT',
          expected: ['exactTitle', ...readableNumbats.filter((name) => name !== 'exactTitle')],
          order: 'exact title first',
        },
        { typed: 'num', expected: readableNumbats, order: 'set' },
        { typed: 'jalap', expected: ['accented', 'plain'], order: 'set' },
        { typed: 'JALAPEÑO', expected: ['accented', 'plain'], order: 'set' },
        { typed: 'jalapenos', expected: ['plain'], order: 'exact' },
        { typed: 'GÖTEBORG crepe', expected: ['accented'], order: 'exact' },
        { typed: 'goteborg', expected: ['accented', 'plain'], order: 'set' },
        // Every word required.
        { typed: 'numbat jalapenos', expected: ['plain'], order: 'exact' },
        { typed: 'numbat nowhereword', expected: [], order: 'exact' },
        // Short words: below three letters, whole words only.
        { typed: 'mu', expected: ['shortWords'], order: 'exact' },
        { typed: 'mu numbat', expected: ['shortWords'], order: 'exact' },
        { typed: 'ya', expected: [], order: 'exact' },
        { typed: 'yak', expected: ['shortWords'], order: 'exact' },
        // Quotes and operators are text: no phrase, OR, NOT, NEAR or prefix syntax reaches the engine.
        { typed: "numbat's tunnel", expected: ['quoted'], order: 'exact' },
        { typed: '"numbat tally"', expected: ['event'], order: 'exact' },
        { typed: 'numbat & tally', expected: ['event'], order: 'exact' },
        { typed: '-numbat tally', expected: ['event'], order: 'exact' },
        { typed: 'numbat | nowhereword', expected: [], order: 'exact' },
        { typed: 'numbat OR nowhereword', expected: [], order: 'exact' },
        // NEAR is a word here, as any other: no item holds it.
        { typed: 'NEAR(numbat tally)', expected: [], order: 'exact' },
        { typed: 'tally:* numbat*', expected: ['event'], order: 'exact' },
        { typed: '"', expected: [], order: 'exact' },
        // Permission scopes: only the given team, spaces, chats, rooms and listed events.
        { typed: 'numbat jalapenos', expected: ['hiddenSpace'], order: 'exact', within: { ...tableScope, spaceIds: ['space-hidden'] } },
        { typed: 'tally', expected: [], order: 'exact', within: { ...tableScope, eventIds: [] } },
        { typed: 'elsewhere', expected: [], order: 'exact' },
        {
          typed: 'elsewhere',
          expected: ['otherChat', 'otherRoom'],
          order: 'set',
          within: { ...tableScope, privatIds: ['chat-other'], meetingroomIds: ['room-other'] },
        },
        { typed: 'jalapeño', expected: ['otherTeam'], order: 'exact', within: { ...tableScope, teamId: 'team-other' } },
      ];

      it.each(queries)('$typed: $order $expected', async ({ typed, expected, order, within }) => {
        const ids = await found(typed, {}, within ?? tableScope);
        const expectedIds = expected.map((name) => items[name].itemId);
        if (order === 'exact') expect(ids).toEqual(expectedIds);
        else if (order === 'set') expect(new Set(ids)).toEqual(new Set(expectedIds));
        else {
          expect(ids[0]).toBe(expectedIds[0]);
          expect(new Set(ids.slice(1))).toEqual(new Set(expectedIds.slice(1)));
        }
        expect(ids).toHaveLength(expectedIds.length);
      });
    });

    it('ranks only the newest readable matches of each source: an older match beyond them is not ranked', async () => {
      // Added first, so the oldest in the index's order: it would rank first (the word three times), were it ranked.
      const oldest = item({ title: 'Field note', body: 'aardwolf aardwolf aardwolf', createdAt: daysAgo(5) });
      const newer = Array.from({ length: rankedCandidates }, () =>
        item({ title: 'Field note', body: 'aardwolf seen', createdAt: daysAgo(5) }),
      );
      const hidden = item({ title: 'Field note', body: 'aardwolf aardwolf aardwolf', createdAt: daysAgo(5), spaceId: 'space-hidden' });
      await index.apply(added(oldest));
      await index.apply(added(...newer, hidden));
      const page = await found('aardwolf', { first: 50 });
      expect(page).toHaveLength(50);
      expect(page).not.toContain(oldest.itemId);
      // Unreadable matches do not count against the bound: with one readable match fewer, the oldest is ranked, and first.
      await index.apply([{ type: 'remove', where: { kind: 'task', itemId: newer[0]!.itemId } }]);
      expect((await found('aardwolf', { first: 50 }))[0]).toBe(oldest.itemId);
    });
  });
}
