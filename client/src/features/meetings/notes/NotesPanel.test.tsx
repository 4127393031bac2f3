// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, mockGraphQL } from '../../../test/graphqlMock';
import { setupAppI18n } from '../../../test/i18n';
import { renderWithStore } from '../../../test/renderWithStore';
import { fakeSession } from '../../docs/collab/fakeProvider';
import { testProject, wall } from '../../docs/fixtures';
import { NotesPanel } from './NotesPanel';

// The doc's live session is a stand-in, and the editor chunk says which doc it edits: these tests are about the panel.
vi.mock('../../docs/collab/connect', () => ({ openDocSession: () => fakeSession().session }));
vi.mock('../../docs/editor/DocEditor', () => ({
  default: ({ editable }: { editable: boolean }) => <p>{editable ? 'editing the notes' : 'reading the notes'}</p>,
}));

const room = (notesDoc: string | null) => ({ id: 'room-1', project: testProject, notesDoc });
const notesWall = wall({ id: 'room-1', title: 'Design – meeting notes' });

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NotesPanel', () => {
  it('offers to start the notes of a room that has none, then opens them in the editor', async () => {
    const graphql = mockGraphQL({
      initiateMeetingroom: () => ({ data: { initiateMeetingroom: room(null) } }),
      initiateMeetingroomNotes: () => ({ data: { initiateMeetingroomNotes: room('room-1') } }),
      getWall: () => ({ data: { getWall: notesWall } }),
    });
    renderWithStore(<NotesPanel meetingroom="room-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Start notes' }));
    expect(await screen.findByText('editing the notes')).toBeTruthy();
    expect(screen.getByText('Design – meeting notes')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in docs' }).getAttribute('href')).toBe(`/${testProject}/docs/d/room-1`);
    expect(graphql.callsOf('initiateMeetingroomNotes').map((call) => call.variables)).toEqual([{ id: 'room-1' }]);
  });

  it('opens notes someone already started without starting anything, read-only for who may not write', async () => {
    const graphql = mockGraphQL({
      initiateMeetingroom: () => ({ data: { initiateMeetingroom: room('room-1') } }),
      getWall: () => ({ data: { getWall: { ...notesWall, canEdit: false } } }),
    });
    renderWithStore(<NotesPanel meetingroom="room-1" />);
    expect(await screen.findByText('reading the notes')).toBeTruthy();
    expect(screen.getByText('You can read these notes. Join the space to write in them.')).toBeTruthy();
    expect(graphql.callsOf('initiateMeetingroomNotes')).toEqual([]);
  });

  it('says who may start notes when the server refuses, and offers Try again when reading failed', async () => {
    mockGraphQL({
      initiateMeetingroom: () => ({ data: { initiateMeetingroom: room(null) } }),
      initiateMeetingroomNotes: () => failure('PERMISSION_DENIED', 'You do not have permission.'),
    });
    renderWithStore(<NotesPanel meetingroom="room-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Start notes' }));
    expect(await screen.findByText('Only members of the space can start notes. Join the space to start them.')).toBeTruthy();
    cleanup();

    let reads = 0;
    mockGraphQL({
      initiateMeetingroom: () =>
        ++reads === 1 ? failure('INTERNAL', 'Something went wrong.') : { data: { initiateMeetingroom: room(null) } },
    });
    renderWithStore(<NotesPanel meetingroom="room-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start notes' })).toBeTruthy());
  });
});
