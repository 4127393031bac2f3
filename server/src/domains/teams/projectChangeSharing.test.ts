import { Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode, type FieldNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { readsSeatFieldsOnly, readsSpaceChat } from './projectChangeSharing';

/** The resolve info of a document's subProject field, as graphql gives it to the subscription's resolver. */
function infoOf(document: string) {
  const parsed = parse(document);
  const operation = parsed.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode;
  const fragments = Object.fromEntries(
    parsed.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  return { fieldNodes: [operation.selectionSet.selections[0] as FieldNode], fragments };
}

describe('readsSeatFieldsOnly', () => {
  it('shares the spaces list document: seat fields of the space through a fragment, and the member', () => {
    const spacesList = `
      subscription SubProject { subProject { type projectId userId project { ...Space } member { ...SpaceMember } } }
      fragment Space on Project { id team name isPersonal logo color description type createdAt isMember permission requested canManage }
      fragment SpaceMember on ProjectUser { id firstname lastname profileImg email isAuth role permission }`;
    expect(readsSeatFieldsOnly(infoOf(spacesList))).toBe(true);
    expect(readsSeatFieldsOnly(infoOf('subscription { subProject { type projectId } }'))).toBe(true);
  });

  it('does not share a document reading what depends on who the viewer is, however it is spelled', () => {
    expect(readsSeatFieldsOnly(infoOf('subscription { subProject { project { name unread } } }'))).toBe(false);
    expect(readsSeatFieldsOnly(infoOf('subscription { subProject { project { ... on Project { lastMessage { body } } } } }'))).toBe(false);
    const membersThroughFragment = `
      subscription { subProject { project { ...A ...B } } }
      fragment A on Project { name }
      fragment B on Project { users { id isAuth } }`;
    expect(readsSeatFieldsOnly(infoOf(membersThroughFragment))).toBe(false);
    // The same field twice: the second selection counts too.
    expect(readsSeatFieldsOnly(infoOf('subscription { subProject { project { name } project { unread } } }'))).toBe(false);
  });

  it('does not share a document whose selection depends on its variables', () => {
    expect(readsSeatFieldsOnly(infoOf('subscription ($all: Boolean!) { subProject { project { name @include(if: $all) } } }'))).toBe(false);
    expect(readsSeatFieldsOnly(infoOf('subscription ($all: Boolean!) { subProject { project @skip(if: $all) { name } } }'))).toBe(false);
  });
});

describe('readsSpaceChat', () => {
  const spacesList = `
    subscription SubProject { subProject { type projectId userId project { ...Space } member { ...SpaceMember } } }
    fragment Space on Project { id team name isPersonal logo color description type createdAt isMember permission requested canManage }
    fragment SpaceMember on ProjectUser { id firstname lastname profileImg email isAuth role permission }`;
  const chatList = `
    subscription SubSpaceChats { subProject { type projectId project { ...SpaceChat } } }
    fragment SpaceChat on Project { id unread lastMessage { ...Message } }
    fragment Message on Message { id body }`;

  it("tells the chat list's document, which reads unread and lastMessage, from the spaces list's, which reads neither", () => {
    expect(readsSpaceChat(infoOf(chatList))).toBe(true);
    expect(readsSpaceChat(infoOf(spacesList))).toBe(false);
  });

  it('finds either chat field however it is spelled', () => {
    expect(readsSpaceChat(infoOf('subscription { subProject { project { name unread } } }'))).toBe(true);
    expect(readsSpaceChat(infoOf('subscription { subProject { project { ... on Project { lastMessage { body } } } } }'))).toBe(true);
    expect(readsSpaceChat(infoOf('subscription { subProject { project { name } project { count: unread } } }'))).toBe(true);
    const throughChangeFragment = `
      subscription { subProject { ...Change } }
      fragment Change on ProjectChange { type project { unread } }`;
    expect(readsSpaceChat(infoOf(throughChangeFragment))).toBe(true);
  });

  it('reads no chat field when the document does not select the space, or only its members', () => {
    expect(readsSpaceChat(infoOf('subscription { subProject { type projectId } }'))).toBe(false);
    expect(readsSpaceChat(infoOf('subscription { subProject { project { name users { id isAuth } } } }'))).toBe(false);
  });

  it('counts a selection that depends on its variables as reading them', () => {
    expect(readsSpaceChat(infoOf('subscription ($all: Boolean!) { subProject { project { name @include(if: $all) } } }'))).toBe(true);
    expect(readsSpaceChat(infoOf('subscription ($all: Boolean!) { subProject { project @skip(if: $all) { name } } }'))).toBe(true);
  });
});
