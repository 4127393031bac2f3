/** The writing tools' GraphQL documents (SDL: the AI tools module; contract in the AI API brief). */
import { graphql, type ResultOf } from '../../../lib/graphqlDocument';

/** Whether a provider is configured, and the largest prompt the server takes (larger text is refused before sending). */
export const getAiWritingStatusDocument = graphql('query GetAiWritingStatus { getAiStatus { configured maxPromptBytes } }');
export type AiWritingStatus = ResultOf<typeof getAiWritingStatusDocument>['getAiStatus'];

/** Runs one writing tool and streams its result; unsubscribing (stop, discard) aborts the upstream request. */
export const aiWritingDocument = graphql(`
  subscription AiWriting($action: String!, $text: String!, $language: String, $tone: String, $context: String) {
    aiWriting(action: $action, text: $text, language: $language, tone: $tone, context: $context) {
      delta
      done
      error
      errorCode
    }
  }
`);
export type AiWritingChunk = ResultOf<typeof aiWritingDocument>['aiWriting'];
