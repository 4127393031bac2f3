/**
 * What both transports do alike, whatever carries the media: their listeners and events, this side's state sent through
 * the call's signalling (with reactions), and ending once for a reason.
 */
import type { Signalling, SignallingEvent } from './signalling';
import { initialParticipantState, type CallEndReason, type CallEvent, type ParticipantState, type RemoteParticipant } from './types';

export interface TransportBaseOptions {
  signalling: Signalling;
  initialState?: ParticipantState;
  log?: (message: string, error?: unknown) => void;
}

export abstract class TransportBase {
  /** What this side tells the others about itself (microphone, camera, screen, hand). */
  protected state: ParticipantState;
  protected ended = false;
  private readonly listeners = new Set<(event: CallEvent) => void>();
  private stopSignalling: (() => void) | null = null;

  protected constructor(private readonly shared: TransportBaseOptions) {
    this.state = shared.initialState ?? initialParticipantState;
  }

  abstract participants(): readonly RemoteParticipant[];

  /** Lets go of this transport's media and connections; called once, when the call ends for this side. */
  protected abstract release(): void;

  leave(): void {
    this.end('left');
  }

  sendReaction(emoji: string): void {
    void this.shared.signalling.publishState(this.state, emoji).catch((error: unknown) => this.shared.log?.('reaction failed', error));
  }

  subscribe(listener: (event: CallEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts hearing the call's signalling (who joins and leaves, states, signals); it stops when the call ends. */
  protected listen(onEvent: (event: SignallingEvent) => void): void {
    this.stopSignalling = this.shared.signalling.subscribe(onEvent);
  }

  protected async publishState(): Promise<void> {
    try {
      await this.shared.signalling.publishState(this.state);
    } catch (error) {
      this.shared.log?.('state failed', error);
    }
  }

  /** Ends the call for this side once, however it ends: it stops listening, releases the media, and says why. */
  protected end(reason: CallEndReason): void {
    if (this.ended) return;
    this.ended = true;
    this.stopSignalling?.();
    this.stopSignalling = null;
    this.release();
    this.emit({ type: 'ended', reason });
  }

  protected emitParticipants(): void {
    this.emit({ type: 'participants', participants: this.participants() });
  }

  protected emit(event: CallEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}
