/**
 * A full peer-to-peer room (issue 15): the browser tests' server caps a mesh call at MEETING_MESH_LIMIT (4 by default).
 * That many are in the call through the API (joinVideocall, then subVideocall over graphql-ws, which makes each present);
 * only the next one is a browser, and is told on the set-up screen that the call is full, why, and that the administrator can
 * set up LiveKit for larger calls; once someone leaves, Join now gets them in.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { e2ePorts } from './ports';
import { graphql, phoneScreenshots, twoTeammates, uniqueEmail, waitForLink } from './support';

const fullMessage = (maximum: number) =>
  `This call is full: at most ${maximum} people can be in a peer-to-peer call. Ask your administrator to set up LiveKit for larger calls.`;

/** A verified, signed-in account with no browser: only its cookies, for API calls. */
async function apiAccount(firstname: string): Promise<{ request: APIRequestContext; email: string }> {
  const request = await playwrightRequest.newContext({ baseURL: `http://localhost:${e2ePorts.app}` });
  const email = uniqueEmail(firstname.toLowerCase());
  await graphql(
    request,
    'mutation ($email: String!, $firstname: String!) { setUserBasic(firstname: $firstname, lastname: "User", email: $email, password: "browser-tests-1") { email } }',
    { email, firstname },
  );
  const link = await waitForLink(email, '/signup/verify');
  await graphql(request, 'query ($email: String!, $token: String!) { verifyAccount(email: $email, token: $token) { user { id } } }', {
    email: link.searchParams.get('email'),
    token: link.searchParams.get('token'),
  });
  return { request, email };
}

/** In the call the way the app is: joinVideocall, then the call's subscription held open on the person's own socket. */
async function inCall(request: APIRequestContext, meetingroom: string, sockets: Client[]): Promise<{ videocall: string; maximum: number }> {
  const { joinVideocall } = await graphql<{ joinVideocall: { id: string; attendee: { id: string }; meeting: { maximum: number } } }>(
    request,
    'mutation ($meetingroom: ID) { joinVideocall(meetingroom: $meetingroom) { id attendee { id } meeting { maximum } } }',
    { meetingroom },
  );
  const cookie = (await request.storageState()).cookies.map((each) => `${each.name}=${each.value}`).join('; ');
  const socket = createClient({
    url: `ws://localhost:${e2ePorts.app}/graphql`,
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers: { cookie } });
      }
    },
    retryAttempts: 0,
  });
  sockets.push(socket);
  // Waits for the socket's acknowledgement; the subscription goes out on it right after. The attendee counts in the call
  // from joinVideocall on, and the open subscription keeps it there (one never opened is dropped after 30 s).
  await new Promise<void>((resolve, reject) => {
    socket.on('connected', () => resolve());
    socket.subscribe(
      {
        query: 'subscription ($videocall: ID!, $attendee: ID!) { subVideocall(videocall: $videocall, attendee: $attendee) { type } }',
        variables: { videocall: joinVideocall.id, attendee: joinVideocall.attendee.id },
      },
      { next: () => undefined, error: reject, complete: () => undefined },
    );
  });
  return { videocall: joinVideocall.id, maximum: joinVideocall.meeting.maximum };
}

test('the next person in a full peer-to-peer room is told the call is full and that LiveKit takes larger calls; a free place lets them in', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { ada, grace, close } = await twoTeammates(browser);
  const others: APIRequestContext[] = [];
  const sockets: Client[] = [];
  try {
    const { getTeam } = await graphql<{ getTeam: { id: string } }>(ada.request, '{ getTeam { id } }');
    const { initiateMeetingroom: room } = await graphql<{ initiateMeetingroom: { id: string } }>(
      ada.request,
      'mutation { initiateMeetingroom(name: "All hands") { id } }',
    );
    // Ada first: her join tells the server's cap (MEETING_MESH_LIMIT, 4 on this stack); as many more as it takes fill the room.
    const { videocall, maximum } = await inCall(ada.request, room.id, sockets);
    for (let index = 1; index < maximum; index += 1) {
      const member = await apiAccount(`Member${index}`);
      others.push(member.request);
      await graphql(ada.request, 'mutation ($email: String!, $id: ID!) { addUserTeam(email: $email, id: $id) { id } }', {
        email: member.email,
        id: getTeam.id,
      });
      await graphql(member.request, 'mutation ($team: ID!) { switchTeam(team: $team) { id } }', { team: getTeam.id });
      await inCall(member.request, room.id, sockets);
    }
    const { getMeetingrooms } = await graphql<{ getMeetingrooms: { id: string; participants: { id: string }[] }[] }>(
      grace.request,
      '{ getMeetingrooms { id participants { id } } }',
    );
    expect(getMeetingrooms.find((each) => each.id === room.id)?.participants).toHaveLength(maximum);

    await grace.goto(`/meetingroom/${room.id}`);
    await expect(grace.getByRole('heading', { name: 'Ready to join All hands?' })).toBeVisible();
    await grace.getByRole('button', { name: 'Join now' }).click();
    await expect(grace.getByRole('alert')).toHaveText(fullMessage(maximum));
    // Still on the set-up screen, camera and all: nothing half-joined.
    await expect(grace.getByRole('heading', { name: 'Ready to join All hands?' })).toBeVisible();
    await expect(grace.getByRole('toolbar', { name: 'Call controls' })).toHaveCount(0);
    await grace.screenshot({ path: test.info().outputPath('meeting-full.png') });
    await phoneScreenshots(grace, 'meeting-full');

    // Someone leaves: the place is free, and Join now gets Grace in.
    await graphql(others.at(-1)!, 'mutation ($id: ID!) { leaveVideocall(id: $id) }', { id: videocall });
    await grace.getByRole('button', { name: 'Join now' }).click();
    await expect(grace.getByRole('toolbar', { name: 'Call controls' })).toBeVisible();
  } finally {
    await Promise.all(sockets.map((socket) => socket.dispose()));
    await Promise.all(others.map((request) => request.dispose()));
    await close();
  }
});
