/**
 * Every screen of the product, for the accessibility checks (accessibility.spec.ts). A new area adds
 * its screens here, one line each: a name, who looks at it, and how to get there and wait until it
 * has drawn. The world (accounts, a space with a task, a doc, a private chat) is made once per run.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { graphql, newDoc, signedInAccount, twoTeammates } from './support';

export interface ScreenWorld {
  /** A member whose onboarding is done, with data to look at. */
  member: Credentials;
  /** A new member still in the welcome flow. */
  newcomer: Credentials;
  space: string;
  task: string;
  taskName: string;
  doc: string;
  privat: string;
}

export interface Credentials {
  email: string;
  password: string;
}

export type Viewer = 'visitor' | 'member' | 'newcomer';

export interface Screen {
  name: string;
  viewer: Viewer;
  /** Opens the screen and waits until it shows its content (never a loading state). */
  open: (page: Page, world: ScreenWorld) => Promise<void>;
}

/** The main heading of a dashboard screen, once its area has loaded. */
async function dashboard(page: Page, path: string, ready?: (page: Page) => Promise<void>) {
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
  if (ready) await ready(page);
}

const visible = (locate: (page: Page) => ReturnType<Page['getByRole']>) => async (page: Page) => {
  await expect(locate(page).first()).toBeVisible();
};

/** Clicks a sidebar button, opening the navigation drawer first at phone width. */
async function clickInSidebar(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Open navigation' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name }).click();
}

/** Moves the welcome flow on by `steps` steps with its Continue buttons (Skip for now on the invite step). */
async function onboardingStep(page: Page, steps: number) {
  await dashboard(
    page,
    '/overview',
    visible((p) => p.getByRole('heading', { name: 'Set up your team' })),
  );
  for (let step = 0; step < steps; step += 1) {
    const progress = `Step ${step + 2} of 6`;
    await page
      .getByRole('button', { name: /^(Continue|Save and continue|Skip for now|Skip)$/ })
      .first()
      .click();
    await expect(page.getByText(progress)).toBeVisible();
  }
}

export const screens: readonly Screen[] = [
  { name: 'sign-in', viewer: 'visitor', open: (page) => page.goto('/signin').then(() => expect(page.getByLabel('Email')).toBeVisible()) },
  {
    name: 'sign-up',
    viewer: 'visitor',
    open: (page) => page.goto('/signup/user').then(() => expect(page.getByLabel('Email')).toBeVisible()),
  },
  {
    name: 'forgot password',
    viewer: 'visitor',
    open: (page) => page.goto('/signup/forgot').then(() => expect(page.getByLabel('Email')).toBeVisible()),
  },
  ...[0, 1, 2, 3, 4, 5].map((steps): Screen => ({
    name: `onboarding step ${steps + 1}`,
    viewer: 'newcomer',
    open: (page) => onboardingStep(page, steps),
  })),
  {
    name: 'home',
    viewer: 'member',
    // Every card has loaded (no spinner left in the page's main region), so axe sees tasks, today, mentions and files.
    open: (page) =>
      dashboard(page, '/overview', async (p) => {
        await expect(p.getByRole('region', { name: 'Mentions' })).toBeVisible();
        await expect(p.getByRole('main').getByRole('status')).toHaveCount(0);
      }),
  },
  {
    name: 'space home',
    viewer: 'member',
    open: (page, world) =>
      dashboard(
        page,
        `/${world.space}`,
        visible((p) => p.getByRole('link', { name: world.taskName })),
      ),
  },
  {
    name: 'all spaces',
    viewer: 'member',
    open: (page) =>
      dashboard(
        page,
        '/overview/spaces',
        visible((p) => p.getByRole('main').getByRole('link', { name: 'Launch' })),
      ),
  },
  {
    name: 'board',
    viewer: 'member',
    open: (page, world) =>
      dashboard(
        page,
        `/${world.space}/tasks`,
        visible((p) => p.getByRole('link', { name: world.taskName })),
      ),
  },
  {
    name: 'list',
    viewer: 'member',
    open: async (page, world) => {
      await dashboard(
        page,
        `/${world.space}/tasks`,
        visible((p) => p.getByRole('link', { name: world.taskName })),
      );
      await page.getByRole('button', { name: 'List', exact: true }).click();
      await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('link', { name: world.taskName }).first()).toBeVisible();
    },
  },
  {
    name: 'task panel',
    viewer: 'member',
    open: (page, world) =>
      dashboard(
        page,
        `/${world.space}/tasks/d/${world.task}`,
        visible((p) => p.getByRole('textbox', { name: /Task name|Name/ })),
      ),
  },
  {
    name: 'shortcuts dialog',
    viewer: 'member',
    open: async (page, world) => {
      await dashboard(
        page,
        `/${world.space}/tasks`,
        visible((p) => p.getByRole('link', { name: world.taskName })),
      );
      await page.getByRole('main').getByRole('button', { name: 'Keyboard shortcuts' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'chat list',
    viewer: 'member',
    open: (page) =>
      dashboard(
        page,
        '/chats',
        visible((p) => p.getByRole('link', { name: /Launch/ })),
      ),
  },
  {
    name: 'space channel',
    viewer: 'member',
    open: (page, world) =>
      dashboard(
        page,
        `/chats/${world.space}`,
        visible((p) => p.getByRole('log').getByText('Welcome to the launch')),
      ),
  },
  {
    name: 'private chat',
    viewer: 'member',
    open: (page, world) =>
      dashboard(
        page,
        `/chats/${world.privat}`,
        visible((p) => p.getByRole('log').getByText('Hello Grace')),
      ),
  },
  {
    name: 'new chat dialog',
    viewer: 'member',
    open: async (page) => {
      await dashboard(
        page,
        '/chats',
        visible((p) => p.getByRole('link', { name: /Launch/ })),
      );
      await page.getByRole('button', { name: 'New chat' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'docs list',
    viewer: 'member',
    open: (page, world) =>
      dashboard(
        page,
        `/${world.space}/docs`,
        visible((p) => p.getByRole('link', { name: /Launch plan/ })),
      ),
  },
  {
    name: 'doc',
    viewer: 'member',
    open: (page, world) =>
      dashboard(
        page,
        `/${world.space}/docs/d/${world.doc}`,
        visible((p) => p.getByLabel('Doc content')),
      ),
  },
  {
    name: 'share dialog',
    viewer: 'member',
    open: async (page, world) => {
      await dashboard(
        page,
        `/${world.space}/docs/d/${world.doc}`,
        visible((p) => p.getByLabel('Doc content')),
      );
      await page.getByRole('button', { name: 'Share' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'files', viewer: 'member', open: (page, world) => dashboard(page, `/${world.space}/files`) },
  { name: 'media', viewer: 'member', open: (page, world) => dashboard(page, `/${world.space}/media`) },
  ...['', '/account', '/admin', '/team', '/analytics', '/activity'].map((tab): Screen => ({
    name: `preferences ${tab || '/profile'}`,
    viewer: 'member',
    open: (page) =>
      dashboard(
        page,
        `/overview/preferences${tab}`,
        visible((p) => p.getByRole('heading', { level: 2 })),
      ),
  })),
  // Admin billing is scanned once its plan has drawn ('admin billing with the plan' below), not twice.
  ...['teams', 'people', 'notifications', 'permissions', 'dark-mode', 'api-token'].map((section): Screen => ({
    name: `admin ${section}`,
    viewer: 'member',
    open: (page) =>
      dashboard(
        page,
        `/overview/preferences/admin/${section}`,
        visible((p) => p.getByRole('heading', { level: 2 })),
      ),
  })),
  {
    name: 'new space dialog',
    viewer: 'member',
    open: async (page) => {
      await dashboard(page, '/overview');
      await clickInSidebar(page, 'New space');
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'space settings dialog',
    viewer: 'member',
    open: async (page) => {
      await dashboard(page, '/overview');
      await clickInSidebar(page, 'Settings of Launch');
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'account menu',
    viewer: 'member',
    open: async (page) => {
      await dashboard(page, '/overview');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  },
  // The calendar and the reports are scanned with their content below ('calendar week with an event', 'reports standup'): the same pages.
  ...['meetings', 'search', 'stories'].map((area): Screen => ({
    name: area,
    viewer: 'member',
    open: (page) => dashboard(page, `/overview/${area}`),
  })),
  {
    name: 'not found',
    viewer: 'member',
    open: (page) =>
      dashboard(
        page,
        '/overview/nowhere',
        visible((p) => p.getByRole('heading', { name: /not found/i })),
      ),
  },
  {
    name: 'meeting room signed out',
    viewer: 'visitor',
    open: async (page) => {
      await page.goto('/meetingroom/65a1f0c2b3d4e5f6a7b8c9d0');
      await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    },
  },
  {
    name: 'meeting guest name',
    viewer: 'visitor',
    open: async (page) => {
      await page.goto('/meetingroom/65a1f0c2b3d4e5f6a7b8c9d0?guest=a-guest-link-secret');
      await expect(page.getByLabel('Your name')).toBeVisible();
    },
  },
  {
    name: 'meeting set-up',
    viewer: 'member',
    open: async (page, world) => {
      const { initiateMeetingroom } = await graphql<{ initiateMeetingroom: { id: string } }>(
        page.request,
        'mutation ($project: ID) { initiateMeetingroom(project: $project) { id } }',
        { project: world.space },
      );
      await page.goto(`/meetingroom/${initiateMeetingroom.id}`);
      await expect(page.getByRole('button', { name: 'Join now' })).toBeEnabled();
    },
  },
  {
    name: 'meeting call',
    viewer: 'member',
    open: async (page, world) => {
      const { initiateMeetingroom } = await graphql<{ initiateMeetingroom: { id: string } }>(
        page.request,
        'mutation ($project: ID) { initiateMeetingroom(project: $project) { id } }',
        { project: world.space },
      );
      await page.goto(`/meetingroom/${initiateMeetingroom.id}`);
      await page.getByRole('button', { name: 'Join now' }).click();
      await page.getByRole('button', { name: /^Participants/ }).click();
      await expect(page.getByRole('list', { name: /participant/ })).toBeVisible();
    },
  },
  {
    name: 'calendar week with an event',
    viewer: 'member',
    open: async (page) => {
      const start = new Date();
      start.setHours(10, 0, 0, 0);
      await graphql(
        page.request,
        'mutation ($startDate: String!, $endDate: String!) { setEvent(title: "Launch review", description: "", startDate: $startDate, endDate: $endDate, type: "meeting", recurring: "weekly") { id } }',
        { startDate: start.toISOString(), endDate: new Date(start.getTime() + 3_600_000).toISOString() },
      );
      await dashboard(
        page,
        '/overview/calendar',
        visible((p) => p.locator('.fc-event', { hasText: 'Launch review' })),
      );
    },
  },
  {
    name: 'calendar event dialog',
    viewer: 'member',
    open: async (page) => {
      await dashboard(
        page,
        '/overview/calendar',
        visible((p) => p.getByRole('button', { name: 'New event' })),
      );
      await page.getByRole('button', { name: 'New event' }).click();
      await expect(page.getByRole('dialog', { name: 'New event' }).getByLabel('Title')).toBeVisible();
    },
  },
  {
    name: 'calendar sync',
    viewer: 'member',
    open: (page) =>
      dashboard(
        page,
        '/overview/calendar/sync',
        visible((p) => p.getByRole('heading', { name: 'Private calendar feed' })),
      ),
  },
  {
    name: 'notifications panel',
    viewer: 'member',
    open: async (page) => {
      await dashboard(page, '/overview');
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Notifications/ })
        .click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await expect(panel.getByRole('heading', { name: 'No notifications yet' }).or(panel.getByRole('link').first())).toBeVisible();
    },
  },
  {
    name: 'search results',
    viewer: 'member',
    open: (page, world) =>
      dashboard(
        page,
        '/overview/search?q=launch',
        visible((p) => p.getByRole('list', { name: 'Results' }).getByRole('link', { name: new RegExp(world.taskName) })),
      ),
  },
  {
    name: 'command palette',
    viewer: 'member',
    open: async (page, world) => {
      await dashboard(page, '/overview');
      await page.keyboard.press('Control+k');
      await page.keyboard.type('launch');
      await expect(
        page.getByRole('dialog', { name: 'Command menu' }).getByRole('option', { name: new RegExp(world.taskName) }),
      ).toBeVisible();
    },
  },
  {
    name: 'reports standup',
    viewer: 'member',
    open: (page, world) =>
      dashboard(
        page,
        '/overview/reports',
        visible((p) => p.getByRole('link', { name: new RegExp(world.taskName) }).first()),
      ),
  },
  {
    name: 'reports team',
    viewer: 'member',
    open: (page) =>
      dashboard(
        page,
        '/overview/reports?view=team&window=lastMonth',
        visible((p) => p.getByRole('table', { name: 'Work per member and space' })),
      ),
  },
  {
    name: 'reports analytics upgrade',
    viewer: 'member',
    open: (page) =>
      dashboard(
        page,
        '/overview/reports?view=analytics',
        visible((p) => p.getByText('Analytics are part of the business plan')),
      ),
  },
  {
    name: 'download the apps',
    viewer: 'member',
    open: (page) =>
      dashboard(
        page,
        '/overview/download',
        visible((p) => p.getByRole('img', { name: /^QR code that opens/ })),
      ),
  },
  {
    name: 'redirect to the mobile app',
    viewer: 'visitor',
    open: (page) => page.goto('/redirect').then(() => expect(page.getByRole('img', { name: /^QR code that opens/ })).toBeVisible()),
  },
  {
    name: 'plans',
    viewer: 'member',
    open: (page) =>
      dashboard(
        page,
        '/overview/upgrade',
        visible((p) => p.getByRole('article', { name: 'Starter' })),
      ),
  },
  {
    name: 'contact sales',
    viewer: 'member',
    open: (page) =>
      dashboard(
        page,
        '/overview/sales',
        visible((p) => p.getByLabel('Your requirements')),
      ),
  },
  {
    name: 'admin billing with the plan',
    viewer: 'member',
    open: (page) =>
      dashboard(
        page,
        '/overview/preferences/admin/billing',
        visible((p) => p.getByRole('heading', { name: 'Your plan' })),
      ),
  },
  {
    name: 'feedback',
    viewer: 'member',
    open: (page) =>
      dashboard(
        page,
        '/overview/feedback',
        visible((p) => p.getByRole('textbox', { name: 'Your message' })),
      ),
  },
  {
    name: 'live support',
    viewer: 'member',
    open: (page) =>
      dashboard(
        page,
        '/overview/support',
        visible((p) => p.getByRole('textbox', { name: 'Message' })),
      ),
  },
  {
    name: 'AI assistant',
    viewer: 'member',
    open: (page) =>
      dashboard(
        page,
        '/overview/ai',
        visible((p) => p.getByRole('textbox', { name: 'Ask anything…' })),
      ),
  },
  {
    name: 'admin AI assistant',
    viewer: 'member',
    open: (page) =>
      dashboard(
        page,
        '/overview/preferences/admin/ai',
        visible((p) => p.getByLabel('Requests per minute')),
      ),
  },
];

/** Accounts and data every screen needs: Ada with a space, a task, a doc, a message and a private chat with Grace; and a newcomer. */
export async function makeScreenWorld(browser: Browser): Promise<ScreenWorld> {
  const { ada, space, adaAccount, graceAccount, close } = await twoTeammates(browser);
  const taskName = 'Write the launch post';
  const { setTask } = await graphql<{ setTask: { id: string } }>(
    ada.request,
    'mutation ($project: ID!, $name: String!) { setTask(project: $project, name: $name) { id } }',
    { project: space, name: taskName },
  );
  const docId = await newDoc(ada, space, 'Launch plan');
  const graceId = (await graphql<{ getUsers: { id: string; email: string }[] }>(ada.request, '{ getUsers { id email } }')).getUsers.find(
    (user) => user.email === graceAccount.email,
  )!.id;
  const { setPrivat } = await graphql<{ setPrivat: { id: string } }>(
    ada.request,
    'mutation ($users: [ID!]!) { setPrivat(users: $users) { id } }',
    { users: [graceId] },
  );
  await graphql(ada.request, 'mutation ($project: ID, $body: String!) { setMessage(project: $project, body: $body) { id } }', {
    project: space,
    body: 'Welcome to the launch',
  });
  await graphql(ada.request, 'mutation ($privat: ID, $body: String!) { setMessage(privat: $privat, body: $body) { id } }', {
    privat: setPrivat.id,
    body: 'Hello Grace',
  });
  const newcomerContext = await browser.newContext();
  const newcomer = await signedInAccount(await newcomerContext.newPage(), 'Newcomer');
  await newcomerContext.close();
  await close();
  return {
    member: { email: adaAccount.email, password: adaAccount.password },
    newcomer: { email: newcomer.email, password: newcomer.password },
    space,
    task: setTask.id,
    taskName,
    doc: docId,
    privat: setPrivat.id,
  };
}

/** Signs the page's context in as `who` (each context gets a session of its own, so none is refreshed twice). */
export async function signIn(page: Page, who: Credentials): Promise<void> {
  await graphql(page.request, 'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { token } }', {
    email: who.email,
    password: who.password,
  });
}
