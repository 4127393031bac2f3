import clsx from 'clsx';
import type { ParticipantState, RemoteParticipant } from '../call/types';
import { VideoTile, type VideoTileProps } from './VideoTile';
import styles from '../Meetings.module.css';

export type CallLayout = 'grid' | 'speaker';

export interface SelfView {
  id: string;
  name: string;
  profileImg: string | null;
  camera: MediaStream | null;
  cameraVersion: number;
  screen: MediaStream | null;
  state: ParticipantState;
}

export interface CallStageProps {
  self: SelfView;
  participants: readonly RemoteParticipant[];
  speaking: ReadonlySet<string>;
  activeSpeaker: string | null;
  layout: CallLayout;
  reactions: ReadonlyMap<string, string>;
}

type Tile = VideoTileProps & { key: string };

function tilesOf({ self, participants, speaking, reactions }: CallStageProps): Tile[] {
  const tiles: Tile[] = [];
  const common = (id: string, state: ParticipantState) => ({
    participantId: id,
    audioOn: state.audio,
    videoOn: state.video,
    hand: state.hand,
    speaking: speaking.has(id),
    reaction: reactions.get(id),
  });
  if (self.screen) {
    tiles.push({
      ...common(self.id, self.state),
      key: `${self.id}:screen`,
      name: self.name,
      profileImg: self.profileImg,
      stream: self.screen,
      self: true,
      screen: true,
    });
  }
  for (const participant of participants) {
    if (participant.screen) {
      tiles.push({
        ...common(participant.id, participant.state),
        key: `${participant.id}:screen`,
        name: participant.name,
        profileImg: participant.profileImg,
        stream: participant.screen,
        self: false,
        screen: true,
      });
    }
  }
  tiles.push({
    ...common(self.id, self.state),
    key: self.id,
    name: self.name,
    profileImg: self.profileImg,
    stream: self.camera,
    streamVersion: self.cameraVersion,
    self: true,
  });
  for (const participant of participants) {
    tiles.push({
      ...common(participant.id, participant.state),
      key: participant.id,
      name: participant.name,
      profileImg: participant.profileImg,
      stream: participant.camera,
      self: false,
      connection: participant.connection,
    });
  }
  return tiles;
}

function propsOf(tile: Tile): VideoTileProps {
  const props: Partial<Tile> = { ...tile };
  delete props.key;
  return props as VideoTileProps;
}

/** The call's pictures: everyone the same size (grid), or one large (a shared screen, else who speaks) and the rest in a strip. */
export function CallStage(props: CallStageProps) {
  const tiles = tilesOf(props);
  if (props.layout === 'grid' && !tiles.some((tile) => tile.screen)) {
    return (
      <div className={clsx(styles.grid, tiles.length === 1 && styles.gridSingle)} data-count={Math.min(tiles.length, 9)}>
        {tiles.map((tile) => (
          <VideoTile key={tile.key} {...propsOf(tile)} />
        ))}
      </div>
    );
  }
  const remoteSpeaker = tiles.find((tile) => !tile.self && !tile.screen && tile.participantId === props.activeSpeaker);
  const main = tiles.find((tile) => tile.screen) ?? remoteSpeaker ?? tiles.find((tile) => !tile.self) ?? tiles[0];
  const rest = tiles.filter((tile) => tile !== main);
  return (
    <div className={styles.speakerLayout}>
      {main && (
        <div className={styles.speakerMain}>
          <VideoTile {...propsOf(main)} large />
        </div>
      )}
      {rest.length > 0 && (
        <div className={styles.strip}>
          {rest.map((tile) => (
            <VideoTile key={tile.key} {...propsOf(tile)} />
          ))}
        </div>
      )}
    </div>
  );
}
