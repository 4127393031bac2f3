import { buildSchema, parse, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { sameForEveryViewerBut, selectsPlainFieldsOnly } from './plainSelection';

const schema = buildSchema(`
  type Person { id: ID! name: String! }
  type File { id: ID! name: String! canEdit: Boolean! }
  type Task { id: ID! name: String! owner: Person unread: Int! files: [File!]! }
  type Change { type: String! task: Task }
  type Query { noop: Int }
  type Subscription { changes: Change! }
`);
// What mercurius does with a resolver: it sets it on the field.
const taskFields = (schema.getType('Task') as unknown as { getFields(): Record<string, { resolve?: unknown }> }).getFields();
taskFields.unread!.resolve = () => 0;
taskFields.files!.resolve = sameForEveryViewerBut(() => [], ['canEdit']);

function infoOf(document: string) {
  const parsed = parse(document);
  const operation = parsed.definitions.find((definition) => definition.kind === 'OperationDefinition') as OperationDefinitionNode;
  const fragments = Object.fromEntries(
    parsed.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === 'FragmentDefinition')
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const field = operation.selectionSet.selections[0]!;
  return { fieldNodes: [field], fragments, returnType: schema.getSubscriptionType()!.getFields().changes!.type } as Parameters<
    typeof selectsPlainFieldsOnly
  >[0];
}

describe('selectsPlainFieldsOnly', () => {
  it('says yes when every selected field, nested ones and fragments included, is read from the value', () => {
    expect(selectsPlainFieldsOnly(infoOf('subscription { changes { __typename type task { id name owner { id name } } } }'))).toBe(true);
    expect(selectsPlainFieldsOnly(infoOf('subscription { changes { task { ...card } } } fragment card on Task { id name }'))).toBe(true);
  });

  it('says no when a field with a resolver of its own is selected, at any depth or through a fragment', () => {
    expect(selectsPlainFieldsOnly(infoOf('subscription { changes { task { id unread } } }'))).toBe(false);
    expect(selectsPlainFieldsOnly(infoOf('subscription { changes { task { ...card } } } fragment card on Task { unread }'))).toBe(false);
  });

  it('follows a resolver marked the same for every viewer, but for the fields it names', () => {
    expect(selectsPlainFieldsOnly(infoOf('subscription { changes { task { files { id name } } } }'))).toBe(true);
    expect(selectsPlainFieldsOnly(infoOf('subscription { changes { task { files { id canEdit } } } }'))).toBe(false);
  });

  it('says no for directives and unknown fields, which it does not follow', () => {
    expect(selectsPlainFieldsOnly(infoOf('subscription ($on: Boolean!) { changes { task @include(if: $on) { id } } }'))).toBe(false);
    expect(selectsPlainFieldsOnly(infoOf('subscription { changes { task { missing } } }'))).toBe(false);
  });
});
