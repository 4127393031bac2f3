import type Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import type * as searchArea from '../search';
import { searchesEverywhere, type SearchViewer } from '../search';
import { nameFromQuestion } from './conversationProjection';
import { citedSources, keywordsOf, notFoundAnswer, retrieveSources, type RetrievedSource } from './retrieval';

vi.mock('../search', async (importOriginal) => ({
  ...(await importOriginal<typeof searchArea>()),
  searchesEverywhere: vi.fn(),
  presentResults: vi.fn(() => []),
}));

const source = (number: number): RetrievedSource => ({
  number,
  text: `Source ${number}`,
  citation: { kind: 'task', id: `t${number}`, title: `Task ${number}`, link: `/s/tasks/d/t${number}`, project: 's' },
});

describe('AI search retrieval', () => {
  it('searches the words that matter, longest first, once each', () => {
    expect(keywordsOf('When is the Zephyr launch? Tell me about the launch!')).toEqual(['zephyr', 'launch']);
    expect(keywordsOf('¿Cuándo es el lanzamiento de Zephyr?')).toEqual(['lanzamiento', 'cuándo', 'zephyr']);
    expect(keywordsOf('is it ok?')).toEqual([]);
  });

  it('cites the sources the answer names as [n], or all of them when it names none', () => {
    const sources = [source(1), source(2), source(3)];
    expect(citedSources('Friday [2], see also [3] and [9].', sources).map((citation) => citation.id)).toEqual(['t2', 't3']);
    expect(citedSources('Friday.', sources).map((citation) => citation.id)).toEqual(['t1', 't2', 't3']);
  });

  it('works out what the person may read once per question, however many words it searches', () => {
    const searched: string[] = [];
    vi.mocked(searchesEverywhere).mockImplementation(() => (text) => {
      searched.push(text);
      return [];
    });
    const viewer = { teamId: 'team-1', plan: 'free', seat: { userId: 'user-1' } } as SearchViewer;
    retrieveSources({} as Database.Database, viewer, 'When does the Zephyr launch rehearsal start?', new Date());
    expect(searchesEverywhere).toHaveBeenCalledTimes(1);
    // All the words together, then each word alone, with the one scope.
    expect(searched).toEqual(['rehearsal zephyr launch start', 'rehearsal', 'zephyr', 'launch', 'start']);
  });

  it('says it found nothing in the person’s language, English otherwise', () => {
    expect(notFoundAnswer('fr')).toBe('Je n’ai pas trouvé cela dans votre espace de travail.');
    expect(notFoundAnswer('xx')).toBe('I could not find this in your workspace.');
    expect(notFoundAnswer(null)).toBe('I could not find this in your workspace.');
  });
});

describe('a conversation named by its first question', () => {
  it('keeps a short question whole, on one line', () => {
    expect(nameFromQuestion('  How do we\nship?  ')).toBe('How do we ship?');
  });

  it('cuts a long one at a word', () => {
    const name = nameFromQuestion('What should we plan for the spring release of the harbour app next year?');
    expect(name).toBe('What should we plan for the spring release of the harbour…');
  });
});
