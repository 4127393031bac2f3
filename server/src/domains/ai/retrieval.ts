import type { DrizzleDatabase } from '../../db/connection';
import { presentResults, searchesEverywhere, type MatchedItem, type SearchViewer } from '../search';
import type { AiCitationRecord } from './conversationEvents';

/** How much of the workspace one AI search answer may read: sources, words searched, characters per source. */
export const retrievalLimits = { sources: 6, keywords: 8, perKeyword: 4, sourceCharacters: 600 } as const;

/** One passage put before the model as a numbered source, with the citation it stands for. */
export interface RetrievedSource {
  number: number;
  citation: AiCitationRecord;
  /** The title and the matched passage, as the model reads them. */
  text: string;
}

/** Words that say nothing about what is searched for (questions are mostly made of them). */
const stopWords = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its me my of on or our ' +
    'please show tell that the their them there these they this those to us was we were what when where which who whom why will ' +
    'with would you your about any all find give list know more most much some find workspace ' +
    'el la los las un una y de del que en por para con como cual donde cuando quien es son ' +
    'le les des du et est une pour dans qui quoi comment quand avec sur ' +
    'il lo gli di che per con come quando dove chi sono ' +
    'o os as um uma do da dos das em por para com quem quando onde ' +
    'der die das ein eine und ist sind was wie wo wer wann mit fur von zu im'
  ).split(' '),
);

/** The words of a question worth searching for, longest first (rarer words tend to be longer), without repeats. */
export function keywordsOf(question: string): string[] {
  const words = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => [...word].length >= 3 && !stopWords.has(word));
  return [...new Set(words)].sort((first, second) => second.length - first.length).slice(0, retrievalLimits.keywords);
}

/** One search with the person's scope, worked out once per question: the words to find and how many items at most. */
export type ScopedSearch = (text: string, limit: number) => Promise<readonly MatchedItem[]>;

/**
 * The items that answer the keywords best, through one scoped search: all the words together first, then each
 * word alone while too few were found. Items holding every keyword come first, then those holding the most.
 */
export async function bestMatches(keywords: readonly string[], search: ScopedSearch): Promise<MatchedItem[]> {
  const found = new Map<number, { item: MatchedItem; hits: number; order: number }>();
  const add = (items: readonly MatchedItem[], weight: number) => {
    for (const item of items) {
      const known = found.get(item.id);
      if (known) known.hits += weight;
      else found.set(item.id, { item, hits: weight, order: found.size });
    }
  };
  add(await search(keywords.join(' '), retrievalLimits.sources), keywords.length);
  if (found.size < retrievalLimits.sources && keywords.length > 1)
    for (const keyword of keywords) add(await search(keyword, retrievalLimits.perKeyword), 1);
  return [...found.values()]
    .sort((first, second) => second.hits - first.hits || first.order - second.order)
    .slice(0, retrievalLimits.sources)
    .map((entry) => entry.item);
}

/**
 * The passages of the workspace that answer a question, found by the search index as the asking person may
 * read it at this moment (their seat, spaces, private chats, rooms and calendar events, worked out once per
 * question by searchesEverywhere and judged in SQL), so a source is never something they cannot open.
 */
export async function retrieveSources(db: DrizzleDatabase, viewer: SearchViewer, question: string, now: Date): Promise<RetrievedSource[]> {
  const keywords = keywordsOf(question);
  if (keywords.length === 0) return [];
  const best = await bestMatches(keywords, await searchesEverywhere(db, viewer, now));
  const presented = await presentResults(db, viewer.seat.userId, best);
  // One presented result per item, in order: the item's kind is the citation's.
  return presented.map((result, index) => {
    const passage = clipText(result.description ?? '', retrievalLimits.sourceCharacters);
    return {
      number: index + 1,
      citation: {
        kind: best[index]!.kind,
        id: result.id,
        title: result.title,
        link: result.link,
        project: result.project ?? null,
      },
      text: passage === '' ? result.title : `${result.title}\n${passage}`,
    };
  });
}

function clipText(text: string, maximum: number): string {
  const characters = [...text];
  return characters.length <= maximum ? text : `${characters.slice(0, maximum).join('')}…`;
}

/** The sources an answer cites as [n]; an answer that cites none used them all, as they were all it was given. */
export function citedSources(answer: string, sources: readonly RetrievedSource[]): AiCitationRecord[] {
  const cited = new Set([...answer.matchAll(/\[(\d{1,2})\]/g)].map((match) => Number(match[1])));
  const used = sources.filter((source) => cited.has(source.number));
  return (used.length > 0 ? used : sources).map((source) => source.citation);
}

/** The answer when nothing readable matched, in the person's language (English otherwise); no model is asked. */
const notFoundAnswers: Record<string, string> = {
  en: 'I could not find this in your workspace.',
  es: 'No he encontrado esto en tu espacio de trabajo.',
  fr: 'Je n’ai pas trouvé cela dans votre espace de travail.',
  it: 'Non ho trovato questo nel tuo spazio di lavoro.',
  pt: 'Não encontrei isto no seu espaço de trabalho.',
  de: 'Ich konnte das in deinem Arbeitsbereich nicht finden.',
};

export function notFoundAnswer(language: string | null): string {
  return (language !== null ? notFoundAnswers[language] : undefined) ?? notFoundAnswers.en!;
}
