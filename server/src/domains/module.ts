import type { IFieldResolver, IResolvers, MercuriusContext, MercuriusLoaders } from 'mercurius';
import type { Reaction } from '../core/commands';
import type { Projection } from '../core/events';
import type { MeetingNotesDocs } from '../core/meetingNotes';
import type { PrivateChatDirectory } from '../core/privateChats';
import type { SpaceDirectory } from '../core/spaceContent';
import type { Services } from '../graphql/context';

/**
 * Who may call an operation. Every query, mutation and subscription must declare one; a test
 * fails for any operation in the schema without a declaration, so no area can forget it. The
 * server refuses anonymous callers of every non-public operation before its resolver runs; the
 * team and space checks are the resolver's, through the area's policies.
 * - public: anyone, signed in or not (sign-up, sign-in, share links)
 * - signedIn: any signed-in user, about themselves only
 * - teamMember / teamAdmin: a member (admin) of the team the arguments name
 * - spaceMember / spaceAdmin: a member (admin) of the space the arguments name
 */
export type OperationAccess = 'public' | 'signedIn' | 'teamMember' | 'teamAdmin' | 'spaceMember' | 'spaceAdmin';

export interface DomainModule {
  name: string;
  /** SDL of the area; root fields are added with `extend type Query` and so on. */
  typeDefs: string;
  resolvers: IResolvers;
  /** Batched field resolvers (Mercurius loaders), so lists inside lists run one query per field. */
  loaders?: MercuriusLoaders;
  projections: readonly Projection[];
  access: Record<string, OperationAccess>;
  /**
   * What this area does when an event of any area is appended: its own events, decided and appended in
   * the producer's unit of work before commit (see `Reaction`). The producer never names its consumers.
   */
  reactions?: readonly Reaction[];
  /** The area that keeps spaces and their members answers the core's space-content rule (one area only). */
  spaceDirectory?: SpaceDirectory;
  /** The area that keeps private chats answers the core's private chats port for the areas before it (one area only). */
  privatDirectory?: PrivateChatDirectory;
  /** The area that keeps docs makes and finds meeting rooms' notes docs for the areas before it (one area only). */
  meetingNotesDocs?: MeetingNotesDocs;
  /**
   * Runs once the server is built: periodic work goes through `services.jobs`, which the app stops on
   * close; returns a function that releases anything else the area holds.
   */
  start?: (services: Services) => (() => void | Promise<void>) | void;
}

/** The root query type every area extends; the accounts area declares the Mutation and Subscription roots. */
export const baseTypeDefs = /* GraphQL */ `
  scalar JSON

  type Query {
    serverInfo: ServerInfo!
  }

  type ServerInfo {
    name: String!
    version: String!
    publicUrl: String!
  }
`;

/** Access of the operations the base schema declares. */
export const baseAccess: Record<string, OperationAccess> = { serverInfo: 'public' };

/**
 * A field resolver of an area. Each resolver declares the arguments it reads (`args: { id: string }`);
 * `never` here accepts every such declaration, since the schema, not this type, says what arrives.
 */
export type FieldResolver<Root = unknown> = IFieldResolver<Root, MercuriusContext, never>;
