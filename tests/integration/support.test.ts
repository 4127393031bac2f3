import type { FormattedExecutionResult } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveReplayLimit } from '../../server/src/core/live';
import { createSmtpMailer } from '../../server/src/mail/mailer';
import { GraphqlTestClient, nextResults, startTestServer, subscriptionClient, type TestServer } from './harness';
import { startMailCatcher, type CaughtMail, type MailCatcher } from './support/mailCatcher';
import { countEvents, expectData, person, type Person } from './teamFactories';
import { homeVisitsStream } from '../../server/src/core/streams';

/** Feedback and live support (issue 20): the instance administrators are the support team. */
describe('feedback and live support', () => {
  let server: TestServer;
  let smtp: MailCatcher;
  let received: CaughtMail[];
  let helpOne: Person;
  let helpTwo: Person;
  let ada: Person;
  let bas: Person;
  const helpOneEmail = 'help-one@example.com';
  const helpTwoEmail = 'help-two@example.com';
  const mailsTo = (email: string) => received.filter((mail) => mail.to === email);

  async function administrator(email: string): Promise<Person> {
    const client = new GraphqlTestClient(server);
    const account = await client.signUp({ firstname: 'Help', email });
    return { client, id: account.user.id, email, teamId: account.team.id, token: account.token };
  }

  const sendFeedback = `mutation ($kind: String!, $message: String!, $screenshot: String, $page: String) {
    sendFeedback(kind: $kind, message: $message, screenshot: $screenshot, page: $page) { id kind message page hasScreenshot author { id email } }
  }`;
  const threadQuery = `query ($person: ID) { getSupportThread(person: $person) {
    thread { id unread person { id } } messages { id body fromSupport author { id firstname } } hasMore } }`;
  const sendMessage =
    'mutation ($body: String!, $person: ID) { sendSupportMessage(body: $body, person: $person) { id body thread fromSupport } }';
  const liveQuery = `subscription ($person: ID, $all: Boolean) { subSupport(person: $person, all: $all) {
    type thread { id unread } message { body fromSupport author { id } } inboxUnread } }`;
  const pixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

  beforeAll(async () => {
    smtp = await startMailCatcher();
    received = smtp.received;
    server = await startTestServer({ ADMIN_EMAILS: `${helpOneEmail}, ${helpTwoEmail}` });
    helpOne = await administrator(helpOneEmail);
    helpTwo = await administrator(helpTwoEmail);
    expectData(await helpTwo.client.execute('mutation ($id: ID!) { ediUserLanguage(id: $id, language: "fr") { id } }', { id: helpTwo.id }));
    ada = await person(server, 'Ada');
    bas = await person(server, 'Bas');
    // Sign-up reads its links from the outbox; from here on mail goes over SMTP to the catcher.
    server.app.services.mailer = createSmtpMailer(smtp.url, 'workspace@example.com');
  });

  afterAll(async () => {
    await server.close();
    smtp.close();
  });

  it('mails feedback to every instance administrator in their language and keeps it for them to read', async () => {
    const sent = expectData(
      await ada.client.execute<{
        sendFeedback: { id: string; kind: string; hasScreenshot: boolean; page: string; author: { id: string } };
      }>(sendFeedback, {
        kind: 'problem',
        message: 'The board <b>freezes</b>\nwhen I drag a card.',
        screenshot: pixel,
        page: '/overview/tasks',
      }),
    ).sendFeedback;
    expect(sent).toMatchObject({ kind: 'problem', hasScreenshot: true, page: '/overview/tasks', author: { id: ada.id } });

    await expect.poll(() => mailsTo(helpOneEmail).length + mailsTo(helpTwoEmail).length).toBe(2);
    const english = mailsTo(helpOneEmail)[0]!;
    expect(english.subject).toBe('Feedback (problem) from Ada Lovelace');
    expect(english.text).toContain(`Ada Lovelace (${ada.email}) sent this feedback:`);
    expect(english.text).toContain('> The board <b>freezes</b>\n> when I drag a card.');
    expect(english.text).toContain('Page: /overview/tasks');
    expect(english.text).toMatch(/\/overview\/feedback/);
    // What the person wrote is text in the HTML part, never markup.
    expect(english.html).toContain('The board &#60;b&#62;freezes&#60;/b&#62;');
    expect(mailsTo(helpTwoEmail)[0]!.subject).toBe('Avis (problème) de Ada Lovelace');
    expect(mailsTo(ada.email)).toEqual([]);

    const list = expectData(
      await helpOne.client.execute<{
        getSupportFeedbacks: { id: string; message: string; hasScreenshot: boolean; screenshot: string | null }[];
      }>('{ getSupportFeedbacks { id message hasScreenshot screenshot } }'),
    ).getSupportFeedbacks;
    expect(list).toEqual([
      { id: sent.id, message: 'The board <b>freezes</b>\nwhen I drag a card.', hasScreenshot: true, screenshot: null },
    ]);
    const one = expectData(
      await helpTwo.client.execute<{ getSupportFeedback: { screenshot: string } }>(
        'query ($id: ID!) { getSupportFeedback(id: $id) { screenshot } }',
        {
          id: sent.id,
        },
      ),
    );
    expect(one.getSupportFeedback.screenshot).toBe(pixel);
  });

  it('refuses empty or malformed feedback with a clear error, keeping and mailing nothing', async () => {
    const before = await countEvents(server);
    const mailsBefore = received.length;
    const empty = await ada.client.execute(sendFeedback, { kind: 'idea', message: '   ' });
    expect(empty.errors?.[0]).toMatchObject({
      message: 'Write a message first.',
      extensions: { code: 'MESSAGE_BODY_REQUIRED', field: 'message' },
    });
    const kind = await ada.client.execute(sendFeedback, { kind: 'rant', message: 'Hello' });
    expect(kind.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'kind' });
    const notImage = await ada.client.execute(sendFeedback, { kind: 'idea', message: 'Hello', screenshot: 'data:text/html;base64,PGI+' });
    expect(notImage.errors?.[0]?.extensions).toMatchObject({ code: 'FILE_INVALID_TYPE', field: 'screenshot' });
    const huge = await ada.client.execute(sendFeedback, {
      kind: 'idea',
      message: 'Hello',
      screenshot: `data:image/png;base64,${'A'.repeat(1_000_000)}`,
    });
    expect(huge.errors?.[0]?.extensions).toMatchObject({ code: 'FILE_TOO_LARGE', field: 'screenshot' });
    const address = await ada.client.execute(sendFeedback, { kind: 'idea', message: 'Hello', page: 'https://elsewhere.example/' });
    expect(address.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'page' });
    expect(await countEvents(server)).toBe(before);
    expect(received.length).toBe(mailsBefore);
  });

  it('shows the feedback received only to instance administrators', async () => {
    const list = await ada.client.execute('{ getSupportFeedbacks { id } }');
    expect(list.errors?.[0]?.extensions.code).toBe('PERMISSION_DENIED');
    const inbox = await ada.client.execute('{ getSupportInbox { unread } }');
    expect(inbox.errors?.[0]?.extensions.code).toBe('PERMISSION_DENIED');
    const access = expectData(
      await ada.client.execute<{ getSupportAccess: { supportTeam: boolean } }>('{ getSupportAccess { supportTeam } }'),
    );
    expect(access.getSupportAccess.supportTeam).toBe(false);
    const admin = expectData(
      await helpOne.client.execute<{ getSupportAccess: { supportTeam: boolean } }>('{ getSupportAccess { supportTeam } }'),
    );
    expect(admin.getSupportAccess.supportTeam).toBe(true);
  });

  it('delivers a person’s message to the support team live, and the answer back to the person live', async () => {
    const adaSocket = subscriptionClient(server, { token: ada.token });
    const helpSocket = subscriptionClient(server, { token: helpOne.token });
    try {
      type Live = {
        subSupport: {
          type: string;
          thread: { id: string; unread: number };
          message: { body: string; fromSupport: boolean } | null;
          inboxUnread: number;
        };
      };
      const inbox = nextResults<Live>(helpSocket, liveQuery, { all: true }, 1);
      const own = nextResults<Live>(adaSocket, liveQuery, {}, 2);
      await Promise.all([inbox.started, own.started]);

      expectData(await ada.client.execute(sendMessage, { body: 'Where do I **export** my tasks?' }));
      const [atInbox] = await inbox.done;
      expect(atInbox!.subSupport).toMatchObject({
        type: 'support.messagePosted',
        thread: { id: ada.id, unread: 1 },
        message: { body: 'Where do I **export** my tasks?', fromSupport: false },
        inboxUnread: 1,
      });

      const answer = expectData(
        await helpOne.client.execute<{ sendSupportMessage: { thread: string; fromSupport: boolean } }>(sendMessage, {
          body: 'From the board menu.',
          person: ada.id,
        }),
      );
      expect(answer.sendSupportMessage).toMatchObject({ thread: ada.id, fromSupport: true });
      const [mine, theirs] = await own.done;
      expect(mine!.subSupport.message).toMatchObject({ fromSupport: false });
      expect(theirs!.subSupport).toMatchObject({
        thread: { id: ada.id, unread: 1 },
        message: { body: 'From the board menu.', fromSupport: true, author: { id: helpOne.id } },
        inboxUnread: 0,
      });
    } finally {
      await adaSocket.dispose();
      await helpSocket.dispose();
    }

    const thread = expectData(
      await ada.client.execute<{ getSupportThread: { thread: { unread: number }; messages: { body: string; fromSupport: boolean }[] } }>(
        threadQuery,
        {},
      ),
    ).getSupportThread;
    expect(thread.messages.map((message) => [message.body, message.fromSupport])).toEqual([
      ['Where do I **export** my tasks?', false],
      ['From the board menu.', true],
    ]);
    expect(thread.thread.unread).toBe(1);
    expectData(await ada.client.execute('mutation { readSupportThread { id unread } }'));
    const read = expectData(await ada.client.execute<{ getSupportAccess: { unread: number } }>('{ getSupportAccess { unread } }'));
    expect(read.getSupportAccess.unread).toBe(0);
  });

  it('lets the support team see every conversation, with their unread count, and read them', async () => {
    expectData(await bas.client.execute(sendMessage, { body: 'Hello from Bas' }));
    const inbox = expectData(
      await helpTwo.client.execute<{
        getSupportInbox: {
          unread: number;
          threads: { id: string; unread: number; person: { email: string }; lastMessage: { body: string } }[];
        };
      }>('{ getSupportInbox { unread threads { id unread person { email } lastMessage { body } } } }'),
    ).getSupportInbox;
    expect(inbox.threads.map((thread) => [thread.id, thread.unread, thread.person.email, thread.lastMessage.body])).toEqual([
      [bas.id, 1, bas.email, 'Hello from Bas'],
      [ada.id, 0, ada.email, 'From the board menu.'],
    ]);
    expect(inbox.unread).toBe(1);
    const basThread = expectData(
      await helpTwo.client.execute<{ getSupportThread: { messages: { body: string }[] } }>(threadQuery, { person: bas.id }),
    );
    expect(basThread.getSupportThread.messages.map((message) => message.body)).toEqual(['Hello from Bas']);
    // Reading is the support team's together: one administrator reads it for all.
    expectData(await helpTwo.client.execute('mutation ($person: ID) { readSupportThread(person: $person) { id } }', { person: bas.id }));
    const after = expectData(await helpOne.client.execute<{ getSupportInbox: { unread: number } }>('{ getSupportInbox { unread } }'));
    expect(after.getSupportInbox.unread).toBe(0);
  });

  it('never lets a person read or write another person’s conversation, by query or subscription', async () => {
    const before = await countEvents(server);
    const read = await bas.client.execute(threadQuery, { person: ada.id });
    expect(read.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    const write = await bas.client.execute(sendMessage, { body: 'Planted', person: ada.id });
    expect(write.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    const mark = await bas.client.execute('mutation ($person: ID) { readSupportThread(person: $person) { id } }', { person: ada.id });
    expect(mark.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    expect(await countEvents(server)).toBe(before);

    const refusedSocket = subscriptionClient(server, { token: bas.token });
    const socket = subscriptionClient(server, { token: bas.token });
    try {
      await expect(nextResults(refusedSocket, liveQuery, { person: ada.id }, 1).done).rejects.toThrow(/Not found/);
      await expect(nextResults(refusedSocket, liveQuery, { all: true }, 1).done).rejects.toThrow(/permission/);
      // Bas's own feed carries his conversation only: Ada's next message does not reach it, his own answer does.
      const own = nextResults<{ subSupport: { thread: { id: string }; message: { body: string } } }>(socket, liveQuery, {}, 1);
      await own.started;
      expectData(await ada.client.execute(sendMessage, { body: 'Ada again' }));
      expectData(await helpOne.client.execute(sendMessage, { body: 'Hi Bas', person: bas.id }));
      const [delivered] = await own.done;
      expect(delivered!.subSupport).toMatchObject({ thread: { id: bas.id }, message: { body: 'Hi Bas' } });
    } finally {
      await refusedSocket.dispose();
      await socket.dispose();
    }
  });

  it('refuses an empty support message', async () => {
    const before = await countEvents(server);
    const empty = await ada.client.execute(sendMessage, { body: ' \n ' });
    expect(empty.errors?.[0]).toMatchObject({ extensions: { code: 'MESSAGE_BODY_REQUIRED', field: 'body' } });
    expect(await countEvents(server)).toBe(before);
  });

  it('keeps the inbox feed to support events: many other events while it was away do not stop it resuming', async () => {
    type Received = FormattedExecutionResult<{ subSupport: { message: { body: string } | null } }, { seq?: number; resume?: string }>;
    /** The support team's inbox subscription as the app's client sends it, following log positions. */
    function followInbox(resumeAfter: number | null) {
      const socket = subscriptionClient(server, { token: helpOne.token });
      const received: Received[] = [];
      const errors: unknown[] = [];
      socket.subscribe<Received['data'], Received['extensions']>(
        { query: liveQuery, variables: { all: true }, extensions: { resumeAfter } },
        { next: (value) => received.push(value as Received), error: (error) => errors.push(error), complete: () => undefined },
      );
      return { socket, received, errors };
    }
    const noticesOf = (received: readonly Received[]) => received.filter((message) => !message.data).map((message) => message.extensions);

    const first = followInbox(null);
    await expect.poll(() => first.received.length).toBe(1);
    const position = first.received[0]!.extensions!.seq!;
    await first.socket.dispose();

    expectData(await ada.client.execute(sendMessage, { body: 'Sent while the inbox was closed' }));
    // More events of no team than one resume reads (Ada's visits to Home): on the global topic the inbox would have to reload.
    const visit = { type: 'home.visited', payload: { userId: ada.id, teamId: null } };
    await server.app.services.store.append(
      homeVisitsStream(ada.id),
      Array.from({ length: liveReplayLimit + 1 }, () => visit),
      { teamId: null, actorId: ada.id },
    );

    const resumed = followInbox(position);
    try {
      await expect.poll(() => noticesOf(resumed.received).length).toBe(1);
      expect(noticesOf(resumed.received)[0]).toMatchObject({ resume: 'replayed' });
      expect(resumed.received.filter((message) => message.data).map((message) => message.data!.subSupport.message?.body)).toEqual([
        'Sent while the inbox was closed',
      ]);
      expect(resumed.errors).toEqual([]);
    } finally {
      await resumed.socket.dispose();
    }
  });
});

describe('feedback rate limit', () => {
  let server: TestServer;
  afterAll(() => server.close());

  it('takes 10 feedback per person an hour, then refuses with RATE_LIMITED and keeps nothing more', async () => {
    server = await startTestServer({ RATE_LIMITS: 'true' });
    const ada = await person(server, 'Ada');
    const send = () => ada.client.execute('mutation { sendFeedback(kind: "idea", message: "One more idea") { id } }');
    for (let count = 0; count < 10; count += 1) expectData(await send());
    const before = await countEvents(server);
    const refused = await send();
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await countEvents(server)).toBe(before);
  });
});
