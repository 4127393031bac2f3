/**
 * Stories (issue 15): screen recordings kept as files of the space marked as stories (File.story). The list is
 * getFiles(category: "story"), recording is setFile(story: true), live changes are the files area's subFile.
 */
import { graphql, type ResultOf } from '../../lib/graphqlDocument';

/** The files area's fields (so a story opens in its media viewer) and the story mark. */
const storyFileFragment = graphql(`
  fragment StoryFile on File {
    id
    name
    type
    shared
    size
    url
    thumbnail
    base64
    width
    height
    duration
    category
    story
    folder
    author {
      id
      firstname
      lastname
      profileImg
    }
    project
    task
    privat
    createdAt
    updatedAt
    sharedUrl
    canEdit
    canDelete
  }
`);

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
