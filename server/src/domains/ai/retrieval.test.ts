import { describe, expect, it } from 'vitest';
import type { MatchedItem } from '../search';
import { nameFromQuestion } from './conversationProjection';
import { bestMatches, citedSources, keywordsOf, notFoundAnswer, type RetrievedSource } from './retrieval';

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

  it('searches all the words together, then each word alone, through the one scoped search of the question', async () => {
    const searched: string[] = [];
    const item = (id: number) => ({ id, kind: 'task' }) as MatchedItem;
    const found = await bestMatches(keywordsOf('When does the Zephyr launch rehearsal start?'), async (text) => {
      searched.push(text);
      return text === 'zephyr' ? [item(2), item(1)] : text === 'launch' ? [item(1)] : [];
    });
    expect(searched).toEqual(['rehearsal zephyr launch start', 'rehearsal', 'zephyr', 'launch', 'start']);
    // An item holding more of the words comes first.
    expect(found.map((match) => match.id)).toEqual([1, 2]);
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
