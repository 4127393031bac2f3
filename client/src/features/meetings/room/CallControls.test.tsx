// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupAppI18n } from '../../../test/i18n';
import { TooltipProvider } from '../../../ui';
import { CallControls, type CallControlsProps } from './CallControls';

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(cleanup);

function controls(overrides: Partial<CallControlsProps> = {}) {
  const props: CallControlsProps = {
    audio: true,
    video: false,
    canAudio: true,
    canVideo: true,
    sharing: false,
    canShare: false,
    hand: false,
    layout: 'grid',
    panel: null,
    notesAvailable: true,
    participantCount: 2,
    recording: null,
    onRecord: vi.fn(),
    onMicrophone: vi.fn(),
    onCamera: vi.fn(),
    onShare: vi.fn(),
    onHand: vi.fn(),
    onReaction: vi.fn(),
    onLayout: vi.fn(),
    onPanel: vi.fn(),
    onLeave: vi.fn(),
    ...overrides,
  };
  render(
    <TooltipProvider>
      <CallControls {...props} />
    </TooltipProvider>,
  );
  return props;
}

describe('CallControls', () => {
  it('toggles the Notes panel beside Chat and Participants, pressed while open', async () => {
    const props = controls();
    await userEvent.click(screen.getByRole('button', { name: 'Notes' }));
    expect(props.onPanel).toHaveBeenCalledWith('notes');
    cleanup();

    const open = controls({ panel: 'notes' });
    const notes = screen.getByRole('button', { name: 'Notes' });
    expect(notes.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Chat' }).getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(notes);
    expect(open.onPanel).toHaveBeenCalledWith(null);
  });

  it('offers no Notes where the room cannot have them (guests, ad hoc rooms)', () => {
    controls({ notesAvailable: false });
    expect(screen.queryByRole('button', { name: 'Notes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Chat' })).toBeTruthy();
  });

  it('shows the microphone and camera toggles the same way: state, shortcut, and disabled without a device', async () => {
    const props = controls({ audio: true, video: false, canVideo: false });
    const microphone = screen.getByRole('button', { name: 'Microphone' });
    const camera = screen.getByRole('button', { name: 'Camera' });
    expect([microphone.getAttribute('aria-pressed'), camera.getAttribute('aria-pressed')]).toEqual(['true', 'false']);
    expect(microphone.getAttribute('aria-keyshortcuts')).toBe('Control+D Meta+D');
    expect(camera.getAttribute('aria-keyshortcuts')).toBe('Control+E Meta+E');
    expect((camera as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(microphone);
    expect(props.onMicrophone).toHaveBeenCalledTimes(1);
    expect(props.onCamera).not.toHaveBeenCalled();
  });
});
