/**
 * Calendar (issue 17) the way people use it: an event made by dragging across the week, a teammate who accepts in her
 * own browser while the author watches, the event dragged to another time and made longer by dragging its end, and
 * one occurrence of a weekly series deleted. Screenshots of the calendar, the event dialog and the sync page in light, dark and at 390 px go to
 * E2E_SHOTS_DIR when it is set.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { graphql, phoneScreenshots, twoTeammates } from './support';

/** Desktop screenshots in both themes (E2E_SHOTS_DIR only), then the phone ones. */
async function screenshots(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SHOTS_DIR;
  if (!folder) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
    await page.screenshot({ path: `${folder}/${name}-desktop-${theme}.png` });
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await phoneScreenshots(page, name);
}

function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The centre of a week-view cell: the day's column at the half-hour slot starting at `time` (HH:MM:SS). */
async function slotPoint(page: Page, day: string, time: string): Promise<{ x: number; y: number }> {
  const column = await page.locator(`td.fc-timegrid-col[data-date="${day}"]`).boundingBox();
  const slot = page.locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`);
  await slot.scrollIntoViewIfNeeded();
  const lane = await slot.boundingBox();
  if (!column || !lane) throw new Error(`no week-view cell for ${day} ${time}`);
  return { x: column.x + column.width / 2, y: lane.y + lane.height / 2 };
}

/** A mouse drag the way a person makes one: press, move in steps (FullCalendar needs movement to start), release. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y + 4, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

function entryNamed(page: Page, title: string): Locator {
  return page.locator('.fc-event', { hasText: title });
}

async function openCalendar(page: Page): Promise<void> {
  await page.goto('/overview/calendar');
  await expect(page.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-calendar-grid]')).toHaveAttribute('aria-busy', 'false');
}

test('an event dragged out in the week, accepted by a teammate live, dragged to another time, then resized', async ({ browser }) => {
  const { ada, grace, close } = await twoTeammates(browser);
  try {
    const today = localDay(new Date());
    await openCalendar(ada);

    // Drag from 10:00 to 11:00 today: the new-event dialog opens with those times.
    await drag(ada, await slotPoint(ada, today, '10:00:00'), await slotPoint(ada, today, '10:30:00'));
    const dialog = ada.getByRole('dialog', { name: 'New event' });
    await expect(dialog.getByLabel('Starts')).toHaveValue(`${today}T10:00`);
    await expect(dialog.getByLabel('Ends')).toHaveValue(`${today}T11:00`);
    await dialog.getByLabel('Title').fill('Design review');
    await dialog.getByLabel('Location').fill('Room 4');
    await dialog.getByRole('checkbox', { name: 'Grace User' }).check();
    await screenshots(ada, 'calendar-event-dialog');
    await dialog.getByRole('button', { name: 'Create event' }).click();
    await expect(dialog).toBeHidden();
    await expect(entryNamed(ada, 'Design review')).toBeVisible();
    await screenshots(ada, 'calendar-week');

    // Ada keeps the event open while Grace, in her own browser, accepts.
    await entryNamed(ada, 'Design review').click();
    const adaView = ada.getByRole('dialog', { name: 'Design review' });
    await expect(adaView.getByRole('region', { name: 'Awaiting answer' })).toContainText('Grace User');

    // Grace follows the link her invitation's notification opens: the calendar at that event, with it open.
    const dayWindow = {
      start: new Date(`${today}T00:00`).toISOString(),
      end: new Date(Date.parse(`${today}T00:00`) + 86_400_000).toISOString(),
    };
    const { getEventsCalendar: invitations } = await graphql<{ getEventsCalendar: { title: string; event: string }[] }>(
      grace.request,
      'query ($start: String!, $end: String!) { getEventsCalendar(start: $start, end: $end) { title event } }',
      dayWindow,
    );
    await grace.goto(`/overview/calendar/d/${invitations.find((entry) => entry.title === 'Design review')!.event}`);
    await expect(grace.locator('[data-calendar-grid]')).toHaveAttribute('aria-busy', 'false');
    const graceView = grace.getByRole('dialog', { name: 'Design review' });
    await expect(graceView.getByText('Organised by Ada User')).toBeVisible();
    await graceView.getByRole('button', { name: 'Accept' }).click();
    await expect(graceView.getByText('You accepted.')).toBeVisible();

    await expect(adaView.getByRole('region', { name: 'Accepted' })).toContainText('Grace User');
    await expect(adaView.getByRole('region', { name: 'Awaiting answer' })).not.toContainText('Grace User');
    await adaView.getByRole('button', { name: 'Cancel' }).click();

    // Dragged two hours later: the server has the new times, and Grace's calendar follows.
    const box = await entryNamed(ada, 'Design review').boundingBox();
    if (!box) throw new Error('the event is not drawn');
    const ten = await slotPoint(ada, today, '10:00:00');
    const noon = await slotPoint(ada, today, '12:00:00');
    await drag(ada, { x: box.x + box.width / 2, y: box.y + 8 }, { x: box.x + box.width / 2, y: box.y + 8 + (noon.y - ten.y) });
    await expect(ada.getByText('“Design review” moved.', { exact: true })).toBeVisible();
    const designReview = async () => {
      const { getEventsCalendar } = await graphql<{ getEventsCalendar: { title: string; start: string; end: string }[] }>(
        ada.request,
        'query ($start: String!, $end: String!) { getEventsCalendar(start: $start, end: $end) { title start end } }',
        dayWindow,
      );
      return getEventsCalendar.find((entry) => entry.title === 'Design review');
    };
    expect(await designReview()).toMatchObject({
      start: new Date(`${today}T12:00`).toISOString(),
      end: new Date(`${today}T13:00`).toISOString(),
    });
    await expect(grace.locator('.fc-event', { hasText: 'Design review' })).toContainText('12:00');

    // Its end dragged down one half-hour slot (the handle shows on hover): 12:00 to 13:30, on the server and for Grace.
    const moved = entryNamed(ada, 'Design review');
    await moved.hover();
    const handle = await moved.locator('.fc-event-resizer-end').boundingBox();
    if (!handle) throw new Error('the event has no resize handle');
    const slotHeight = (noon.y - ten.y) / 4;
    const grip = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
    await drag(ada, grip, { x: grip.x, y: grip.y + slotHeight });
    await expect.poll(async () => (await designReview())?.end).toBe(new Date(`${today}T13:30`).toISOString());
    expect((await designReview())?.start).toBe(new Date(`${today}T12:00`).toISOString());
    await expect(ada.getByText('“Design review” now ends at 1:30 PM.', { exact: true })).toBeVisible();
    await expect(grace.locator('.fc-event', { hasText: 'Design review' })).toContainText('12:00 - 1:30');
  } finally {
    await close();
  }
});

test('a deadline opens its task; one occurrence of a weekly event deleted, the others kept', async ({ browser }) => {
  const { ada, adaAccount, space, close } = await twoTeammates(browser);
  try {
    const { setTask } = await graphql<{ setTask: { id: string } }>(
      ada.request,
      'mutation ($project: ID!, $deadline: String, $users: [ID!]) { setTask(project: $project, name: "Send the agenda", deadline: $deadline, users: $users) { id } }',
      { project: space, deadline: localDay(new Date()), users: [adaAccount.userId] },
    );
    const start = new Date();
    start.setHours(9, 0, 0, 0);
    await graphql(
      ada.request,
      `
        mutation ($startDate: String!, $endDate: String!, $timeZone: String!) {
          setEvent(
            title: "Stand-up"
            description: ""
            startDate: $startDate
            endDate: $endDate
            type: "event"
            recurring: "weekly"
            timeZone: $timeZone
          ) {
            id
          }
        }
      `,
      {
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 30 * 60_000).toISOString(),
        timeZone: await ada.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
      },
    );
    await openCalendar(ada);
    await expect(entryNamed(ada, 'Stand-up')).toBeVisible();
    // Events take focus and open with Enter; Escape closes the dialog.
    await entryNamed(ada, 'Stand-up').focus();
    await ada.keyboard.press('Enter');
    await expect(ada.getByRole('dialog', { name: 'Stand-up' })).toBeVisible();
    await ada.keyboard.press('Escape');
    await expect(ada.getByRole('dialog', { name: 'Stand-up' })).toBeHidden();

    // A deadline of hers sits beside the events and opens its task.
    await entryNamed(ada, 'Send the agenda').click();
    await expect(ada).toHaveURL(`/${space}/tasks/d/${setTask.id}`);
    await openCalendar(ada);

    // Next week's occurrence: deleted alone.
    await ada.getByRole('button', { name: 'Next period' }).click();
    await entryNamed(ada, 'Stand-up').click();
    await ada.getByRole('dialog', { name: 'Stand-up' }).getByRole('button', { name: 'Delete' }).click();
    const scope = ada.getByRole('dialog', { name: 'Delete a repeating event' });
    await expect(scope.getByLabel('This event')).toBeChecked();
    await screenshots(ada, 'calendar-scope');
    await scope.getByRole('button', { name: 'Delete' }).click();
    await expect(entryNamed(ada, 'Stand-up')).toHaveCount(0);

    // This week's and the week after's are still there.
    await ada.getByRole('button', { name: 'Next period' }).click();
    await expect(entryNamed(ada, 'Stand-up')).toBeVisible();
    await ada.keyboard.press('t');
    await expect(entryNamed(ada, 'Stand-up')).toBeVisible();

    await ada.keyboard.press('m');
    await expect(ada.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    await screenshots(ada, 'calendar-month');
    await ada.keyboard.press('a');
    await expect(ada.getByRole('button', { name: 'Agenda' })).toHaveAttribute('aria-pressed', 'true');
    await screenshots(ada, 'calendar-agenda');

    await ada.getByRole('link', { name: 'Calendar sync' }).click();
    await expect(ada.getByRole('heading', { name: 'Calendar sync', level: 1 })).toBeVisible();
    await expect(ada.getByText('No account connected')).toBeVisible();
    // A CalDAV server on the app's own network is refused (CALDAV_ALLOW_PRIVATE is off here), said in the form.
    await ada.getByRole('button', { name: 'Connect an account' }).click();
    const connect = ada.getByRole('dialog', { name: 'Connect an account' });
    await connect.getByLabel('Server URL').fill('http://127.0.0.1:5232/');
    await connect.getByLabel('Username').fill('ada');
    await connect.getByLabel('Password or app password').fill('app-password-1');
    await connect.getByRole('button', { name: 'Connect' }).click();
    await expect(connect.getByRole('alert')).toContainText('private or local network addresses');
    await connect.getByRole('button', { name: 'Cancel' }).click();
    await ada.getByRole('button', { name: 'Create feed address' }).click();
    await expect(ada.getByLabel('Your feed address')).toHaveValue(/\/calendar\/feed\/.+\.ics$/);
    await screenshots(ada, 'calendar-sync');
  } finally {
    await close();
  }
});
