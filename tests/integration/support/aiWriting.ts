import type { Client } from 'graphql-ws';

export interface WritingChunkResult {
  delta: string;
  done: boolean;
  error: string | null;
  errorCode: string | null;
}

export const aiWritingQuery = `subscription ($action: String!, $text: String!, $language: String, $tone: String, $context: String) {
  aiWriting(action: $action, text: $text, language: $language, tone: $tone, context: $context) { delta done error errorCode }
}`;

/** An aiWriting subscription: its chunks as they come, how it ended, and the client's stop (complete). */
export function runWriting(client: Client, variables: Record<string, unknown>, timeoutMs = 8000) {
  const chunks: WritingChunkResult[] = [];
  const waiters = new Set<() => void>();
  let unsubscribe = () => {};
  const ended = new Promise<WritingChunkResult[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`aiWriting did not complete: ${JSON.stringify(chunks)}`));
    }, timeoutMs);
    unsubscribe = client.subscribe<{ aiWriting: WritingChunkResult }>(
      { query: aiWritingQuery, variables },
      {
        next: (value) => {
          if (value.errors) {
            clearTimeout(timer);
            reject(Object.assign(new Error(JSON.stringify(value.errors)), { graphqlErrors: value.errors }));
            return;
          }
          chunks.push(value.data!.aiWriting);
          for (const waiter of waiters) waiter();
        },
        error: (error) => {
          clearTimeout(timer);
          reject(Array.isArray(error) ? Object.assign(new Error(JSON.stringify(error)), { graphqlErrors: error }) : error);
        },
        complete: () => {
          clearTimeout(timer);
          resolve(chunks);
        },
      },
    );
  });
  /** Resolves once `count` chunks have arrived. */
  const received = (count: number) =>
    new Promise<WritingChunkResult[]>((resolve) => {
      const check = () => {
        if (chunks.length < count) return;
        waiters.delete(check);
        resolve(chunks);
      };
      waiters.add(check);
      check();
    });
  return { chunks, ended, received, stop: () => unsubscribe() };
}
