import { ask, finishedAnswer, startConversation } from './ai-assistantFactories';
import { postMessage, startPrivat } from './chatFactories';
import { createDoc, openDoc, paragraphText, waitFor } from './docFactories';
import { uploadFile } from './fileFactories';
import { GraphqlTestClient, mailedLink, type TestServer } from './harness';
import { askToEnter, guestBrowser, initiateRoom, joinCall, setGuestState } from './meetingsFactories';
import { createTag, createTask, editTask, joinSpace } from './taskFactories';
import { createSpace, expectData, joinTeam, person, type Person } from './teamFactories';

/*
 * A SQLite instance holding data of every area, made through GraphQL as people would make it: what
 * `npm run migrate-to-postgres` is tested on (tests/integration/migrate-to-postgres.test.ts) and timed on
 * (scripts/migrateBench.ts, with many rounds). The server needs `AI_*` pointed at a fake provider for the AI area
 * (startFakeOpenAi) and SALES_EMAIL for contact sales.
 */

export interface EveryAreaSeed {
  /** The instance's first account, so its administrator; admin of the team. */
  ada: Person;
  /** A member of Ada's team. */
  grace: Person;
  /** Ada's public space, where each round's tasks are. */
  launch: string;
  /** Task names of the first round, by what they are. */
  planTaskName: string;
  shipTaskName: string;
}

const call = async (someone: Person, query: string, variables: Record<string, unknown> = {}) =>
  expectData(await someone.client.execute<Record<string, { id?: string } & Record<string, unknown>>>(query, variables));

/** A sign-up through a promotion link (its team granted credit): an account of its own, verified. */
async function signUpThroughPromotion(server: TestServer): Promise<void> {
  const client = new GraphqlTestClient(server);
  const email = 'promoted@example.com';
  expectData(
    await client.execute(
      'mutation ($email: String!) { setUserBasic(firstname: "Pia", lastname: "Promo", email: $email, password: "analytical1", promotion: "spring") { email } }',
      { email },
    ),
  );
  const link = await mailedLink(server, email, '/signup/verify');
  expectData(
    await client.execute('query ($email: String!, $token: String!) { verifyAccount(email: $email, token: $token) { user { id } } }', {
      email: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
    }),
  );
}

/** The things made once: people, the team and its spaces, plan and promotion, settings that are set once. */
async function seedOnce(server: TestServer): Promise<EveryAreaSeed & { boardRoom: string; privat: string }> {
  // Accounts and teams: the administrator, a member, a space of each kind, an invitation still open, a request to join.
  const ada = await person(server, 'Ada');
  const grace = await joinTeam(ada, await person(server, 'Grace'));
  const launch = await createSpace(ada, 'Launch');
  const boardRoom = await createSpace(ada, 'Board room', 'private');
  await joinSpace(grace, launch);
  await call(ada, 'mutation ($id: ID!) { addUserTeam(email: "invited-later@example.com", id: $id) { id } }', { id: ada.teamId });
  await call(grace, 'mutation ($project: ID!) { joinProject(project: $project) { id } }', { project: boardRoom });
  // Billing: a promotion code made by the administrator and redeemed, a plan set, contact sales.
  await call(ada, 'mutation { setPromotionCode(code: "SEED-CREDIT", kind: "credit", amount: 500, currency: "usd", maxUses: 10) { code } }');
  await call(ada, 'mutation { setCode(code: "SEED-CREDIT") { type } }');
  await call(
    ada,
    'mutation ($team: ID!) { setTeamPlan(team: $team, plan: "business", period: "monthly", seats: 10, currency: "usd") { type } }',
    {
      team: ada.teamId,
    },
  );
  await call(grace, 'mutation { sendEmail(message: "We are forty", name: "Grace", company: "Acme", seats: 40) { ok } }');
  await signUpThroughPromotion(server);
  // AI limits, the team's settings, a stand-up channel, a calendar feed, an API token.
  await call(ada, 'mutation ($team: ID!) { setAiLimits(team: $team, requestsPerMinute: 1000, tokensPerDay: 10000000) { tokensPerDay } }', {
    team: ada.teamId,
  });
  await call(
    ada,
    'mutation ($team: ID!) { setSetting(name: "notifications.email.TASK_STATE", active: false, type: "email", team: $team) { id } }',
    {
      team: ada.teamId,
    },
  );
  await call(
    ada,
    'mutation ($project: ID!) { setStandupChannel(project: $project, enabled: true, time: "09:00", timeZone: "UTC", weekdays: [1, 2, 3, 4, 5]) { enabled } }',
    { project: launch },
  );
  await call(ada, 'mutation { resetCalendarFeed { url } }');
  await call(ada, 'mutation { createApiToken(name: "Deploys") { token } }');
  const privat = (await startPrivat(ada, [grace.id], 'Ada and Grace')).data!.setPrivat.id;
  return { ada, grace, launch, boardRoom, privat, planTaskName: 'Write the plan', shipTaskName: 'Ship it' };
}

/** One round of everyday work in every area; `round` tells the rounds' names apart. */
async function seedRound(server: TestServer, seed: EveryAreaSeed & { boardRoom: string; privat: string }, round: number): Promise<void> {
  const { ada, grace, launch, privat } = seed;
  const suffix = round === 0 ? '' : ` ${round}`;
  // Tasks: a tag, a task with an assignee, a tag and a follower, a subtask, a second task; edits that notify.
  const tag = await createTag(ada, launch, `Urgent${suffix}`);
  const plan = await createTask(ada, launch, `${seed.planTaskName}${suffix}`);
  await editTask(ada, plan.id, { users: [grace.id], tags: [tag.id] });
  await call(grace, 'mutation ($id: ID!) { followTask(id: $id) { id } }', { id: plan.id });
  await createTask(ada, launch, `Outline${suffix}`, { parentTask: plan.id });
  await createTask(ada, launch, `${seed.shipTaskName}${suffix}`);
  await editTask(grace, plan.id, { priority: 2 });
  // Chat: a message in the space, a reaction, an edit, a read marker; a private chat's message.
  const kickOff = await postMessage(ada, { project: launch, body: `Kick-off at nine${suffix}` });
  await call(grace, 'mutation ($id: ID!) { reactMessage(id: $id, emoji: "👍") { id } }', { id: kickOff.id });
  await call(ada, 'mutation ($id: ID!) { ediMessage(id: $id, body: "Kick-off at ten") { id } }', { id: kickOff.id });
  await call(grace, 'mutation ($project: ID) { lastViewed(project: $project) }', { project: launch });
  await postMessage(grace, { privat, body: `See you there${suffix}` });
  // Files: a folder and a file in it.
  const folder = await call(ada, 'mutation ($project: ID!, $name: String!) { setFolder(project: $project, name: $name) { id } }', {
    project: launch,
    name: `Notes${suffix}`,
  });
  await uploadFile(ada, `notes${round}.txt`, 'text/plain', Buffer.from(`Notes of round ${round}`), {
    project: launch,
    folder: folder['setFolder']!.id!,
  });
  // Docs: a doc renamed (its rows: the doc, its room's stored edit, its text for search).
  const doc = await createDoc(ada, launch, `Minutes${suffix}`);
  await call(ada, 'mutation ($id: ID!, $title: String!) { updateWall(id: $id, title: $title) { id } }', {
    id: doc.id,
    title: `Minutes of the launch${suffix}`,
  });
  if (round === 0) {
    const editor = openDoc(server.url, doc.id, { cookie: ada.client.cookieHeader() });
    await waitFor(() => editor.provider.synced, 'the doc to sync');
    paragraphText(editor.doc).insert(0, 'First words of the notes');
    await editor.allSaved();
    editor.destroy();
  }
  // Meetings: a room, a guest asking to enter and admitted, a call joined and left with a ring.
  const room = await initiateRoom(ada, { project: launch, name: `Stand-up${suffix}` });
  const asked = expectData(await askToEnter(guestBrowser(server), room, `Guest ${round}`)).setInvited;
  expectData(await setGuestState(ada, asked.invited.id, 'admitted'));
  const joined = expectData(await joinCall(ada, { meetingroom: room.id })).joinVideocall;
  await call(ada, 'mutation ($videocall: ID!, $users: [ID!]) { ringVideocall(videocall: $videocall, users: $users) { id } }', {
    videocall: joined.id,
    users: [grace.id],
  });
  await call(ada, 'mutation ($id: ID!) { leaveVideocall(id: $id) }', { id: joined.id });
  // Calendar: a weekly event with a member and a guest (mailed), one occurrence moved, an answer.
  const event = await call(
    ada,
    `mutation ($title: String!, $invited: [ID!]) {
      setEvent(title: $title, description: "Bring sketches", startDate: "2027-05-03T07:00:00.000Z", endDate: "2027-05-03T08:00:00.000Z",
        type: "event", recurring: "weekly", timeZone: "Europe/Berlin", invited: $invited, guests: ["guest@example.com"]) { id }
    }`,
    { title: `Design review${suffix}`, invited: [grace.id] },
  );
  const eventId = event['setEvent']!.id!;
  await call(
    ada,
    'mutation ($id: ID!) { ediEvent(id: $id, scope: "this", occurrence: "2027-05-10T07:00:00.000Z", title: "Design review, moved") { id } }',
    { id: eventId },
  );
  await call(grace, 'mutation ($id: ID!) { respondEvent(id: $id, response: "join") { id } }', { id: eventId });
  // Settings, support (feedback and a thread answered by the administrator), notifications read.
  await call(grace, 'mutation ($active: Boolean!) { setSetting(name: "emailDigest", active: $active) { id } }', {
    active: round % 2 === 1,
  });
  await call(grace, 'mutation ($message: String!) { sendFeedback(kind: "idea", message: $message) { id } }', {
    message: `Dark mode, please${suffix}`,
  });
  await call(grace, 'mutation ($body: String!) { sendSupportMessage(body: $body) { id } }', { body: `How do I export?${suffix}` });
  await call(ada, 'mutation ($body: String!, $person: ID) { sendSupportMessage(body: $body, person: $person) { id } }', {
    body: 'From the menu',
    person: grace.id,
  });
  await call(grace, 'mutation { readNotifications }');
  // AI: a conversation with a question answered (the fake provider's answer), its usage counted.
  const conversation = await startConversation(grace);
  const [, answer] = expectData(await ask(grace, conversation.id, `What is due this week?${suffix}`)).setAiMessage;
  await finishedAnswer(grace, conversation.id, answer!.id, 20_000);
}

/** Seeds every area once, then `rounds - 1` more rounds of everyday work. */
export async function seedEveryArea(server: TestServer, rounds = 1): Promise<EveryAreaSeed> {
  const seed = await seedOnce(server);
  for (let round = 0; round < rounds; round += 1) await seedRound(server, seed, round);
  return seed;
}
