/**
 * Type-level tests of the documents typed from the schema: checked by `tsc -p .` (never run). Each `@ts-expect-error`
 * line must be an error, or the type check fails: a document asking for a field the schema does not have, a variable
 * of the wrong type, a missing required variable, code reading a field the document did not select.
 */
import { request } from './graphql';
import { graphql, type JsonValue, type ResultOf, type VariablesOf } from './graphqlDocument';
import { subscribe } from './subscriptions';

type Equal<Left, Right> = (<Probe>() => Probe extends Left ? 1 : 2) extends <Probe>() => Probe extends Right ? 1 : 2 ? true : false;
function expectType<Type>(_value: Type): void {}

const person = graphql('fragment CheckedPerson on UserBasic { id firstname profileImg }');
const getTask = graphql('query CheckedTask($id: ID!) { getTask(id: $id) { id name deadline description users { ...CheckedPerson } } }', [
  person,
]);
const getTasks = graphql('query CheckedTasks($project: ID, $first: Int) { getTasks(project: $project, first: $first) { id } }');
const subTask = graphql('subscription CheckedSubTask($project: ID!) { subTask(project: $project) { type seq taskId } }');

// The result and the variables are the schema's: non-null fields are required, nullable ones may be null, JSON is JsonValue.
expectType<
  Equal<
    ResultOf<typeof getTask>['getTask'],
    {
      id: string;
      name: string;
      deadline: string | null;
      description: JsonValue | null;
      users: { id: string; firstname: string; profileImg: string | null }[];
    }
  >
>(true);
expectType<Equal<VariablesOf<typeof getTask>, { id: string }>>(true);
expectType<Equal<VariablesOf<typeof getTasks>, { project?: string | null | undefined; first?: number | null | undefined }>>(true);

// @ts-expect-error getTask has no field "nmae": the document itself is refused
graphql('query Misspelt($id: ID!) { getTask(id: $id) { id nmae } }');

// @ts-expect-error UserBasic has no field "email", deep inside the selection
graphql('query Deep($id: ID!) { getTask(id: $id) { id users { id email } } }');

// @ts-expect-error nor inside a fragment
graphql('fragment Wrong on UserBasic { id emial }');

// @ts-expect-error Query has no root field "getTaks"
graphql('query RootMisspelt($id: ID!) { getTaks(id: $id) { id } }');

// @ts-expect-error a subscription of a field that does not exist
graphql('subscription Nothing { subNothing { type } }');

// @ts-expect-error not a GraphQL document at all
graphql('query Broken { getTask(id: "1") { id ');

export async function requestsAreTypedByTheirDocument(): Promise<void> {
  const { getTask: task } = await request(getTask, { id: 't1' });
  expectType<string>(task.name);
  expectType<string | null>(task.users[0]?.profileImg ?? null);

  // @ts-expect-error the document did not select "color"
  expectType<unknown>(task.color);

  // @ts-expect-error "id" is an ID: a string, not a number
  await request(getTask, { id: 1 });

  // @ts-expect-error "id" is required (ID!)
  await request(getTask, {});

  // @ts-expect-error the variables are required when one of them is
  await request(getTask);

  // @ts-expect-error the document declares no variable "project"
  await request(getTask, { id: 't1', project: 'p1' });

  // Variables that are all optional may be left out.
  await request(getTasks);
  await request(getTasks, { first: 20 });

  // @ts-expect-error "first" is an Int
  await request(getTasks, { first: '20' });

  subscribe(subTask, { project: 'p1' }, ({ subTask: change }) => expectType<number>(change.seq));

  // @ts-expect-error "project" is required by the subscription
  subscribe(subTask, {}, () => undefined);

  // @ts-expect-error the subscription did not select "task"
  subscribe(subTask, { project: 'p1' }, ({ subTask: change }) => expectType<unknown>(change.task));
}
