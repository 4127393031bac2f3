/**
 * Stories (issue 15): screen recordings kept as files of the space marked as stories (File.story). The list is
 * getFiles(category: "story"), recording is setFile(story: true), live changes are the files area's subFile.
 */
import { graphql, type ResultOf } from '../../lib/graphqlDocument';
import { storedFileFragment } from '../files/operations';

/** The files area's fields (so a story opens in its media viewer) and the story mark. */
const storyFileFragment = graphql(
  `
    fragment StoryFile on File {
      ...StoredFile
      story
    }
  `,
  [storedFileFragment],
);

export type StoryFile = ResultOf<typeof storyFileFragment>;

export const getStoriesDocument = graphql(
  `
    query GetStories($project: ID!, $offset: Int, $limit: Int) {
      getFiles(project: $project, category: "story", offset: $offset, limit: $limit) {
        ...StoryFile
      }
    }
  `,
  [storyFileFragment],
);

/** Records an uploaded recording as a story of the space. */
export const setStoryDocument = graphql(
  `
    mutation SetStory($name: String!, $code: ID!, $type: String!, $size: Float!, $location: String!, $project: ID!) {
      setFile(name: $name, code: $code, type: $type, size: $size, location: $location, project: $project, story: true) {
        ...StoryFile
      }
    }
  `,
  [storyFileFragment],
);

/** The space's file changes; the stories list keeps those whose file is a story. */
export const subStoriesDocument = graphql(
  `
    subscription SubStories($project: ID!) {
      subFile(project: $project) {
        type
        seq
        fileId
        file {
          ...StoryFile
        }
      }
    }
  `,
  [storyFileFragment],
);

export type StoryChange = ResultOf<typeof subStoriesDocument>['subFile'];
