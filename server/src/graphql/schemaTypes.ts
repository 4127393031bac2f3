// Generated from the server's schema (server/src/schema.ts) by `tsx scripts/schema.ts`; do not edit.
/* eslint-disable */
import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { SessionPayload, PresentedSpace, PresentedTeam, PresentedInvitation } from '../domains/teams/present';
import type { PresentedCalendar, PresentedEvent } from '../domains/calendar/present';
import type { PresentedFile, PresentedFolder } from '../domains/files/present';
import type { PresentedMessage } from '../domains/chat/present';
import type { PresentedNotification } from '../domains/notifications/present';
import type { PresentedTask } from '../domains/tasks/present';
import type { PresentedDoc } from '../domains/docs/present';
import type { MercuriusContext } from 'mercurius';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string };
  String: { input: string; output: string };
  Boolean: { input: boolean; output: boolean };
  Int: { input: number; output: number };
  Float: { input: number; output: number };
  JSON: { input: unknown; output: unknown };
};

export type ActivityEntry = {
  __typename?: 'ActivityEntry';
  /** Who did it; null for the system. */
  actor?: Maybe<UserBasic>;
  createdAt: Scalars['String']['output'];
  /** The facts of the event that are safe to show an admin. */
  details?: Maybe<Scalars['JSON']['output']>;
  id: Scalars['ID']['output'];
  /** What it happened to: the stream, e.g. team:<id>, project:<id>, user:<id>. */
  subject: Scalars['String']['output'];
  /** The event type, e.g. team.member_added or project.created. */
  type: Scalars['String']['output'];
};

export type ActivityPage = {
  __typename?: 'ActivityPage';
  entries: Array<ActivityEntry>;
  /** Pass as after to get the next (older) page; null on the last page. */
  nextCursor?: Maybe<Scalars['String']['output']>;
};

/** A source an AI search answer used. */
export type AiCitation = {
  __typename?: 'AiCitation';
  id: Scalars['ID']['output'];
  /** task | doc | message | file | event (a calendar event) */
  kind: Scalars['String']['output'];
  /** In-app path to open it (the search area's links). */
  link: Scalars['String']['output'];
  project?: Maybe<Scalars['ID']['output']>;
  title: Scalars['String']['output'];
};

export type AiConversation = {
  __typename?: 'AiConversation';
  createdAt: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lastMessage?: Maybe<AiMessage>;
  /** The first question's start until renamed; empty for a new conversation (the client shows 'New conversation'). */
  name: Scalars['String']['output'];
  /** chat | search (the default mode of its questions) */
  type: Scalars['String']['output'];
  updatedAt: Scalars['String']['output'];
};

/** A conversation of the caller's list changed (subAiConversations). */
export type AiConversationChange = {
  __typename?: 'AiConversationChange';
  /** The conversation as it is now; null when deleted. */
  aiconversation?: Maybe<AiConversation>;
  id: Scalars['ID']['output'];
  seq: Scalars['Float']['output'];
  /** created | updated (renamed, a question asked, an answer ended or a message deleted: its name, place or last message) | deleted */
  type: Scalars['String']['output'];
};

export type AiLimits = {
  __typename?: 'AiLimits';
  requestsPerMinute: Scalars['Int']['output'];
  tokensPerDay: Scalars['Int']['output'];
};

export type AiMemberUsage = {
  __typename?: 'AiMemberUsage';
  firstname: Scalars['String']['output'];
  lastname: Scalars['String']['output'];
  requestsToday: Scalars['Int']['output'];
  tokensThisMonth: Scalars['Int']['output'];
  tokensToday: Scalars['Int']['output'];
  user: Scalars['ID']['output'];
};

export type AiMessage = {
  __typename?: 'AiMessage';
  aiconversation: Scalars['ID']['output'];
  /** Markdown. For an answer being written: what has come so far. */
  body: Scalars['String']['output'];
  citations: Array<AiCitation>;
  createdAt: Scalars['String']['output'];
  /** When failed: the clear message and its code (the AI error codes). */
  error?: Maybe<Scalars['String']['output']>;
  errorCode?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** How the question was answered: chat (the model alone) | search (from the workspace, with citations). */
  mode: Scalars['String']['output'];
  persona?: Maybe<Scalars['String']['output']>;
  /** done | streaming | stopped | failed */
  state: Scalars['String']['output'];
  tone?: Maybe<Scalars['String']['output']>;
  /** question (the person's) | answer (the assistant's) */
  type: Scalars['String']['output'];
};

export type AiStatus = {
  __typename?: 'AiStatus';
  /** Whether a provider is configured (AI_BASE_URL + AI_MODEL); false: every AI surface explains how to enable it. */
  configured: Scalars['Boolean']['output'];
  /** Largest prompt in bytes (AI_MAX_PROMPT_BYTES): the client refuses larger input before sending, with this limit in the message. */
  maxPromptBytes: Scalars['Int']['output'];
  model?: Maybe<Scalars['String']['output']>;
  writingModel?: Maybe<Scalars['String']['output']>;
};

export type AiStreamEvent = {
  __typename?: 'AiStreamEvent';
  /** What was added since the previous event ('' for the first and the last). */
  delta: Scalars['String']['output'];
  /** The answer as it is now (state streaming until the last event of that answer: done, stopped or failed). */
  message: AiMessage;
};

export type AiUsage = {
  __typename?: 'AiUsage';
  limits: AiLimits;
  members: Array<AiMemberUsage>;
  tokensToday: Scalars['Int']['output'];
};

export type AiWritingChunk = {
  __typename?: 'AiWritingChunk';
  /** Text to append to the preview (may be several tokens). */
  delta: Scalars['String']['output'];
  /** true on the last chunk (after it the subscription completes). */
  done: Scalars['Boolean']['output'];
  /** On failure: the clear message and its code (the AI error codes); the subscription then completes. */
  error?: Maybe<Scalars['String']['output']>;
  errorCode?: Maybe<Scalars['String']['output']>;
};

/** One week (starting on Monday, UTC) of project analytics. */
export type AnalyticsWeek = {
  __typename?: 'AnalyticsWeek';
  created: Scalars['Int']['output'];
  /** Throughput: tasks moved into a done section that week. */
  finished: Scalars['Int']['output'];
  /** Median hours from a task's creation to its finishing, of the tasks finished that week; null when none was. */
  medianCycleHours?: Maybe<Scalars['Float']['output']>;
  week: Scalars['String']['output'];
};

export type ApiToken = {
  __typename?: 'ApiToken';
  createdAt: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lastUsedAt?: Maybe<Scalars['String']['output']>;
  name: Scalars['String']['output'];
  /** The first characters of the token, to tell tokens apart. */
  prefix: Scalars['String']['output'];
};

export type AuthPayload = {
  __typename?: 'AuthPayload';
  team?: Maybe<Team>;
  token: Scalars['String']['output'];
  user: User;
};

/** One line of the summary: something of one kind in one space, counted, with where it opens. */
export type AwayLine = {
  __typename?: 'AwayLine';
  /** How many tasks, messages, docs or files. */
  count: Scalars['Int']['output'];
  /** The one task, doc or file when the line is about a single one; null for messages and several items. */
  item?: Maybe<Scalars['ID']['output']>;
  /** taskCreated, taskFinished, messages, docEdited or fileAdded. */
  kind: Scalars['String']['output'];
  /** That item's name (a task's code and name, a doc's title, a file's name). */
  name?: Maybe<Scalars['String']['output']>;
  /** The space. */
  project: Scalars['ID']['output'];
  /** Where the line opens: the item, or the space's board, channel, docs or files. */
  route: Scalars['String']['output'];
};

/** What changed in the caller's current team since their last visit to Home, when that was more than 4 hours ago. */
export type AwaySummary = {
  __typename?: 'AwaySummary';
  /** Empty when the caller was not away (a first visit, or a visit less than 4 hours ago). */
  lines: Array<AwayLine>;
  /** The last visit before this one (ISO), or null for a first visit. */
  since?: Maybe<Scalars['String']['output']>;
};

export type Billing = {
  __typename?: 'Billing';
  codes: Array<BillingCode>;
  /** credit to spend, cents, in creditCurrency (gbp for the PROMOTION credit) */
  credit: Scalars['Int']['output'];
  creditCurrency: Scalars['String']['output'];
  currency: Scalars['String']['output'];
  currentPeriodEnd?: Maybe<Scalars['String']['output']>;
  /** the caller is an instance administrator (sets plans and seats when managedBy is administrator) */
  instanceAdministrator: Scalars['Boolean']['output'];
  invoices: Array<BillingInvoice>;
  /** lifetime deals held */
  lifetimes: Scalars['Int']['output'];
  /** stripe | administrator: who changes the plan */
  managedBy: Scalars['String']['output'];
  /** monthly | yearly | lifetime */
  period: Scalars['String']['output'];
  /** cents per seat per period */
  price: Scalars['Int']['output'];
  seats: Scalars['Int']['output'];
  /** members (not guests) holding seats */
  seatsAssigned: Scalars['Int']['output'];
  /** seats − seatsAssigned, never negative; members beyond the seats get basic access */
  seatsAvailable: Scalars['Int']['output'];
  /** active | trialing | cancelled (benefits until currentPeriodEnd) | stopped | past_due */
  state: Scalars['String']['output'];
  team: Scalars['ID']['output'];
  /** cents per period (price × seats) */
  total: Scalars['Int']['output'];
  trialEnd?: Maybe<Scalars['String']['output']>;
  trialUsed: Scalars['Boolean']['output'];
  /** the plan: free | trial | basic | unlimited | business */
  type: Scalars['String']['output'];
};

export type BillingCode = {
  __typename?: 'BillingCode';
  amount?: Maybe<Scalars['Int']['output']>;
  code: Scalars['String']['output'];
  currency?: Maybe<Scalars['String']['output']>;
  kind: Scalars['String']['output'];
  plan?: Maybe<Scalars['String']['output']>;
  redeemedAt: Scalars['String']['output'];
};

export type BillingInvoice = {
  __typename?: 'BillingInvoice';
  amount: Scalars['Int']['output'];
  createdAt: Scalars['String']['output'];
  currency: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  number: Scalars['String']['output'];
  state: Scalars['String']['output'];
  /** receipt link (Stripe's hosted invoice, or the in-app receipt route) */
  ticket?: Maybe<Scalars['String']['output']>;
};

/** A calendar of a connected account (SPEC §3 Calendar). */
export type Calendar = {
  __typename?: 'Calendar';
  account: Scalars['ID']['output'];
  backgroundColor?: Maybe<Scalars['String']['output']>;
  /** The provider's calendar id (the collection's URL). */
  calendarId: Scalars['String']['output'];
  /** The account's calendar that receives events made here (its first selected one). */
  default: Scalars['Boolean']['output'];
  description?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  selected: Scalars['Boolean']['output'];
  summary: Scalars['String']['output'];
  synced: Scalars['Boolean']['output'];
};

/** A connected external calendar account (SPEC §3 Calendar account). Its password or token is never sent back. */
export type CalendarAccount = {
  __typename?: 'CalendarAccount';
  /** False when paused: the periodic sync skips it. */
  active: Scalars['Boolean']['output'];
  calendars: Array<Calendar>;
  email: Scalars['String']['output'];
  /** Why the last sync failed, in the server's words. */
  error?: Maybe<Scalars['String']['output']>;
  /** What the account is used for: calendar. */
  feature: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lastSyncedAt?: Maybe<Scalars['String']['output']>;
  picture?: Maybe<Scalars['String']['output']>;
  serverUrl: Scalars['String']['output'];
  /** ok | error | syncing */
  status: Scalars['String']['output'];
  /** caldav | google */
  type: Scalars['String']['output'];
  username: Scalars['String']['output'];
};

/** One entry of a calendar view: a single event or one occurrence of a series, with its own times. */
export type CalendarEntry = {
  __typename?: 'CalendarEntry';
  allDay: Scalars['Boolean']['output'];
  calendar?: Maybe<Calendar>;
  /** The entry's colour: its calendar's backgroundColor, or null for the app's own colour by type. */
  color?: Maybe<Scalars['String']['output']>;
  description: Scalars['String']['output'];
  editable: Scalars['Boolean']['output'];
  end: Scalars['String']['output'];
  event: Scalars['ID']['output'];
  /** <event id> for a single event, <event id>:<occurrence's original start> for an occurrence. */
  id: Scalars['ID']['output'];
  location?: Maybe<Scalars['String']['output']>;
  meet?: Maybe<Scalars['ID']['output']>;
  myResponse?: Maybe<Scalars['String']['output']>;
  /** The occurrence's original start (UTC ISO): what ediEvent and delEvent take as occurrence; null for a single event. */
  occurrence?: Maybe<Scalars['String']['output']>;
  recurring: Scalars['String']['output'];
  start: Scalars['String']['output'];
  title: Scalars['String']['output'];
  type: Scalars['String']['output'];
};

/** The caller's private ICS feed of their current team. url is shown once, by resetCalendarFeed; only its hash is kept. */
export type CalendarFeed = {
  __typename?: 'CalendarFeed';
  active: Scalars['Boolean']['output'];
  createdAt?: Maybe<Scalars['String']['output']>;
  url?: Maybe<Scalars['String']['output']>;
};

export type CalendarSyncInput = {
  /** Set to change an existing account (new password, server URL); absent to connect a new one. */
  account?: InputMaybe<Scalars['ID']['input']>;
  email?: InputMaybe<Scalars['String']['input']>;
  /** The password or app password (caldav), or the OAuth refresh token (google). Stored encrypted, never sent back. */
  password?: InputMaybe<Scalars['String']['input']>;
  serverUrl?: InputMaybe<Scalars['String']['input']>;
  /** caldav | google (Google's CalDAV endpoint with the Google sign-in configuration) */
  type?: InputMaybe<Scalars['String']['input']>;
  username?: InputMaybe<Scalars['String']['input']>;
};

/** A task deadline on the calendar (getEventsTasks). */
export type CalendarTask = {
  __typename?: 'CalendarTask';
  /** A calendar date (YYYY-MM-DD) or a UTC instant. */
  deadline: Scalars['String']['output'];
  done: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  project: Scalars['ID']['output'];
  projectColor?: Maybe<Scalars['String']['output']>;
  projectTitle: Scalars['String']['output'];
  /** The task's section name. */
  state?: Maybe<Scalars['String']['output']>;
};

export type CheckoutAnswer = {
  __typename?: 'CheckoutAnswer';
  /** Where to send the browser (Stripe Checkout or the customer portal). */
  url: Scalars['String']['output'];
};

/** What the app needs to know about this instance before anyone signs in. */
export type ClientSettings = {
  __typename?: 'ClientSettings';
  /** The product analytics client key (SPEC §7); null: no analytics or session replay is loaded. */
  analyticsClientKey?: Maybe<Scalars['String']['output']>;
  /** A desktop app download, when the instance offers one. */
  desktopAppUrl?: Maybe<Scalars['String']['output']>;
  /** The mobile app's address: the download page's QR code and the redirect page's button (default: this instance, installable). */
  mobileAppUrl: Scalars['String']['output'];
  /** Where contact-sales requests go; the failure message names it. */
  salesEmail: Scalars['String']['output'];
  /** The tag-manager container (SPEC §7 analytics); null: no tag manager is loaded. */
  tagManagerId?: Maybe<Scalars['String']['output']>;
};

export type ContactSalesAnswer = {
  __typename?: 'ContactSalesAnswer';
  ok: Scalars['Boolean']['output'];
};

/** A change to a space's docs: doc.created, doc.edited (fields), doc.updated (content), doc.shared, doc.unshared or doc.deleted. */
export type DocChange = {
  __typename?: 'DocChange';
  /** The doc as the subscriber sees it now; null when it was deleted. */
  doc?: Maybe<Wall>;
  docId: Scalars['ID']['output'];
  project: Scalars['ID']['output'];
  seq: Scalars['Float']['output'];
  type: Scalars['String']['output'];
  /** Who made the change. */
  userId?: Maybe<Scalars['ID']['output']>;
};

/** An event (SPEC §3): a single event or a recurring series. */
export type Event = {
  __typename?: 'Event';
  allDay: Scalars['Boolean']['output'];
  author: EventPerson;
  /** The synced calendar of an imported event; null for an event made here. */
  calendar?: Maybe<Calendar>;
  /** How many occurrences the series has, from its COUNT. */
  count?: Maybe<Scalars['Int']['output']>;
  createdAt: Scalars['String']['output'];
  description: Scalars['String']['output'];
  /** Whether the caller may edit it (the author; the owner of an imported one). */
  editable: Scalars['Boolean']['output'];
  endDate: Scalars['String']['output'];
  /** Guests' e-mail addresses (their responses are in the three lists too). */
  guests: Array<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** A meeting event's room link (PUBLIC_URL/meetingroom/<id>). */
  invitationLink?: Maybe<Scalars['String']['output']>;
  location?: Maybe<Scalars['String']['output']>;
  /** The meeting room's id of a meeting event. */
  meet?: Maybe<Scalars['ID']['output']>;
  /** The caller's own response: invited | accepted | rejected; null for the author or someone not invited. */
  myResponse?: Maybe<Scalars['String']['output']>;
  /** none | daily | weekly | monthly | weekdays | custom */
  recurring: Scalars['String']['output'];
  /** The RFC 5545 RRULE value (with its UNTIL or COUNT); null when not recurring. */
  rrule?: Maybe<Scalars['String']['output']>;
  /** The first occurrence's start and end (UTC ISO). */
  startDate: Scalars['String']['output'];
  /** The IANA zone its wall-clock times belong to (recurrences are expanded in it). */
  timeZone: Scalars['String']['output'];
  title: Scalars['String']['output'];
  /** event | meeting */
  type: Scalars['String']['output'];
  /** When the series ends (UTC ISO), from its UNTIL. */
  until?: Maybe<Scalars['String']['output']>;
  updatedAt: Scalars['String']['output'];
  /** Those of usersInvited who accepted. */
  usersAccepted: Array<EventPerson>;
  /** Everyone invited (members and guests), whatever their answer; each carries its response. */
  usersInvited: Array<EventPerson>;
  /** Those of usersInvited who declined. */
  usersRejected: Array<EventPerson>;
};

/** A change to an event the subscriber can see. */
export type EventChange = {
  __typename?: 'EventChange';
  event: Scalars['ID']['output'];
  seq: Scalars['Float']['output'];
  /** created | edited | deleted | responded */
  type: Scalars['String']['output'];
  /** The event as the subscriber sees it now; null when deleted or no longer visible to them. */
  value?: Maybe<Event>;
};

/** Someone an event invites: a member (user set) or a guest by e-mail (user null). The author has response accepted. */
export type EventPerson = {
  __typename?: 'EventPerson';
  email: Scalars['String']['output'];
  name?: Maybe<Scalars['String']['output']>;
  profileImg?: Maybe<Scalars['String']['output']>;
  /** invited | accepted | rejected */
  response: Scalars['String']['output'];
  user?: Maybe<Scalars['ID']['output']>;
};

/** A recorded file. Its bytes are served at url (the session cookie or a signed URL) and, when shared, at /media/files/<id>/shared. */
export type File = {
  __typename?: 'File';
  author?: Maybe<UserBasic>;
  /** A tiny blurred preview of an image as a data URL, to show while the thumbnail loads. */
  base64?: Maybe<Scalars['String']['output']>;
  canDelete: Scalars['Boolean']['output'];
  /** Whether the caller may rename, move, share and delete it: its author, or whoever manages its space. */
  canEdit: Scalars['Boolean']['output'];
  /** The kind from the mime type (SPEC §5): image, video, Pdf, Word, Xls or unknown. */
  category: Scalars['String']['output'];
  createdAt: Scalars['String']['output'];
  /** Seconds, for videos and audio. */
  duration?: Maybe<Scalars['Float']['output']>;
  folder?: Maybe<Scalars['ID']['output']>;
  height?: Maybe<Scalars['Int']['output']>;
  id: Scalars['ID']['output'];
  /** The storage key of the bytes. */
  location: Scalars['String']['output'];
  name: Scalars['String']['output'];
  privat?: Maybe<Scalars['ID']['output']>;
  project?: Maybe<Scalars['ID']['output']>;
  /** Whether anyone with the link may see it at /share/media/<id>. */
  shared: Scalars['Boolean']['output'];
  /** The public page's path while shared. */
  sharedUrl?: Maybe<Scalars['String']['output']>;
  /** Bytes (base 1024 when shown, SPEC §5). */
  size: Scalars['Float']['output'];
  /** A story of its space: a screen recording made in the stories area (always a video of a space). */
  story: Scalars['Boolean']['output'];
  task?: Maybe<Scalars['ID']['output']>;
  /** A 480 px WebP preview of an image; null for other files. */
  thumbnail?: Maybe<Scalars['String']['output']>;
  /** The mime type the server decided from the bytes, and serves them with. */
  type: Scalars['String']['output'];
  updatedAt: Scalars['String']['output'];
  url: Scalars['String']['output'];
  width?: Maybe<Scalars['Int']['output']>;
};

export type FileChange = {
  __typename?: 'FileChange';
  /** The file now; null when deleted or moved out of what the subscription watches. */
  file?: Maybe<File>;
  fileId: Scalars['ID']['output'];
  seq: Scalars['Float']['output'];
  /** file.created, file.updated, file.deleted or file.text_extracted */
  type: Scalars['String']['output'];
};

/** A folder of a space. type keeps trees apart: file, doc or media. */
export type Folder = {
  __typename?: 'Folder';
  author?: Maybe<UserBasic>;
  canEdit: Scalars['Boolean']['output'];
  createdAt: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** Folders above it, the top level first (for breadcrumbs). */
  path: Array<Folder>;
  project: Scalars['ID']['output'];
  type: Scalars['String']['output'];
  updatedAt: Scalars['String']['output'];
  /** The folder it is in; null at the top level. */
  upfolder?: Maybe<Scalars['ID']['output']>;
};

export type FolderChange = {
  __typename?: 'FolderChange';
  folder?: Maybe<Folder>;
  folderId: Scalars['ID']['output'];
  seq: Scalars['Float']['output'];
  /** folder.created, folder.updated or folder.deleted */
  type: Scalars['String']['output'];
};

/** A guest who asked to enter a room with its link. state: waiting | admitted | refused | removed. */
export type Invited = {
  __typename?: 'Invited';
  createdAt: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  meetingroom: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  state: Scalars['String']['output'];
  updatedAt: Scalars['String']['output'];
};

export type InvitedChange = {
  __typename?: 'InvitedChange';
  invited: Invited;
  seq: Scalars['Float']['output'];
  /** invited.created | invited.state */
  type: Scalars['String']['output'];
};

/**
 * What setInvited gives the guest's browser: the guest and its credential (also set as the HttpOnly guest
 * cookie). Send it back as the X-Guest-Credential header (HTTP) or guestCredential in connection_init
 * when cookies are blocked. Shown once; only its hash is kept.
 */
export type InvitedPass = {
  __typename?: 'InvitedPass';
  credential: Scalars['String']['output'];
  invited: Invited;
};

/** Someone in a room's call now: a member (user set) or an admitted guest (invited set). */
export type MeetingParticipant = {
  __typename?: 'MeetingParticipant';
  /** The last state the participant published (setVideocallState); false until then. */
  audio: Scalars['Boolean']['output'];
  hand: Scalars['Boolean']['output'];
  /** The attendee id: one per join, so one person in two tabs is two participants. */
  id: Scalars['ID']['output'];
  /** The guest's id; null for a member. */
  invited?: Maybe<Scalars['ID']['output']>;
  name: Scalars['String']['output'];
  profileImg?: Maybe<Scalars['String']['output']>;
  screen: Scalars['Boolean']['output'];
  /** The member's user id; null for a guest. */
  user?: Maybe<Scalars['ID']['output']>;
  video: Scalars['Boolean']['output'];
};

/** A meeting room: the permanent room of a space (project set) or an ad hoc room of a team (project null). */
export type Meetingroom = {
  __typename?: 'Meetingroom';
  author: Scalars['ID']['output'];
  createdAt: Scalars['String']['output'];
  /** Members only (null for a guest): the public link guests open, PUBLIC_URL/meetingroom/<id>?guest=<secret>. */
  guestLink?: Maybe<Scalars['String']['output']>;
  /** Members only: when guestLink stops working (30 days after it was made; resetMeetingroomLink makes a new one). */
  guestLinkExpiresAt?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  lastMessage?: Maybe<Message>;
  name: Scalars['String']['output'];
  /**
   * The room's notes doc (a doc of the room's space: open it with getWall and its room), or null while it has none.
   * Always null for an ad hoc room (it has no space to keep a doc in) and for a guest.
   */
  notesDoc?: Maybe<Scalars['ID']['output']>;
  /** Who is in the room's active call now (present: their subVideocall is open). */
  participants: Array<MeetingParticipant>;
  /** The space whose room this is; null for an ad hoc room. */
  project?: Maybe<Scalars['ID']['output']>;
  team: Scalars['ID']['output'];
  unread: Scalars['Int']['output'];
  /** When the room, its guests or its calls last changed. */
  updated: Scalars['String']['output'];
  /** The active call of the room, or null. */
  videocall?: Maybe<Scalars['ID']['output']>;
};

/** A room of the rooms list changed (subMeetingrooms): the room as it is now, with its call and who is in it. */
export type MeetingroomChange = {
  __typename?: 'MeetingroomChange';
  meetingroom: Meetingroom;
  seq: Scalars['Float']['output'];
  /** created (a new room) | updated (its call started or finished, someone came or went) */
  type: Scalars['String']['output'];
};

export type Message = {
  __typename?: 'Message';
  /** Null for a message written by a meeting room's guest (see authorGuest) and for automatic entries. */
  author?: Maybe<MessageAuthor>;
  /** Set instead of author when a guest of the meeting room wrote the message. */
  authorGuest?: Maybe<MessageGuest>;
  /** Markdown source; the client renders it sanitised. */
  body: Scalars['String']['output'];
  canDelete: Scalars['Boolean']['output'];
  canEdit: Scalars['Boolean']['output'];
  /** The client mutation id the sender gave; lets a client match its pending message. */
  clientId?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['String']['output'];
  /** Set when the body was edited. */
  editedAt?: Maybe<Scalars['String']['output']>;
  file?: Maybe<MessageFile>;
  id: Scalars['ID']['output'];
  meetingroom?: Maybe<Scalars['ID']['output']>;
  /** User ids mentioned with @ (resolved on the server from the body's @[Name](userId) tokens). */
  mentions: Array<Scalars['ID']['output']>;
  privat?: Maybe<Scalars['ID']['output']>;
  project?: Maybe<Scalars['ID']['output']>;
  reactions: Array<MessageReaction>;
  replyTo?: Maybe<MessageQuote>;
  task?: Maybe<Scalars['ID']['output']>;
  /** text | file | system | call | standup (a space's standup entry: a JSON body the server writes) */
  type: Scalars['String']['output'];
};

export type MessageAuthor = {
  __typename?: 'MessageAuthor';
  firstname: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lastname: Scalars['String']['output'];
  profileImg?: Maybe<Scalars['String']['output']>;
};

export type MessageChange = {
  __typename?: 'MessageChange';
  /** For typing and typing.stopped by a meeting room's guest: who (user is then null). */
  guest?: Maybe<MessageGuest>;
  /** The message as the subscriber sees it (null for deletions and typing). */
  message?: Maybe<Message>;
  messageId?: Maybe<Scalars['ID']['output']>;
  /** Monotonic per server (event sequence); typing changes carry 0. */
  seq: Scalars['Float']['output'];
  /** message.created | message.edited | message.deleted | message.reacted | typing | typing.stopped */
  type: Scalars['String']['output'];
  /** For typing and typing.stopped: who is typing, or stopped. */
  user?: Maybe<MessageAuthor>;
};

/**
 * A file message's file, a recorded file of the conversation's owner (the space, the task or the private
 * chat). Message.file is null when the file was deleted since ("file removed").
 */
export type MessageFile = {
  __typename?: 'MessageFile';
  /** The kind from the mime type (SPEC §5): image, video, Pdf, Word, Xls or unknown. */
  category: Scalars['String']['output'];
  /** Seconds, for videos and audio. */
  duration?: Maybe<Scalars['Float']['output']>;
  height?: Maybe<Scalars['Int']['output']>;
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** Bytes (base 1024 when shown). */
  size: Scalars['Int']['output'];
  /** A 480 px WebP preview of an image (/media/files/<id>/thumbnail); null for other files. */
  thumbnail?: Maybe<Scalars['String']['output']>;
  /** The mime type the server decided from the bytes. */
  type: Scalars['String']['output'];
  /** Where the session (cookie or bearer) downloads the bytes: /media/files/<id>; add ?download=1 to save instead of opening. */
  url: Scalars['String']['output'];
  width?: Maybe<Scalars['Int']['output']>;
};

/** A meeting room's guest (who has no account) as the author of a message, or as the one typing. */
export type MessageGuest = {
  __typename?: 'MessageGuest';
  /** The guest's id (Invited.id). */
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
};

/**
 * What the team's plan shows of one conversation's history: on a plan with a message history limit (free: 90
 * days, basic: 365) older messages are hidden from every message list, never deleted; a plan with a longer
 * history shows them again.
 */
export type MessageHistory = {
  __typename?: 'MessageHistory';
  /** Days of history the plan shows; null when it shows all of it. */
  days?: Maybe<Scalars['Int']['output']>;
  /** Whether the conversation has messages older than that, hidden now. */
  hidden: Scalars['Boolean']['output'];
  /** The team's plan: free | trial | basic | unlimited | business. */
  plan: Scalars['String']['output'];
};

/** The quoted message of a reply (body cut to 300 characters; null body when the quoted message was deleted). */
export type MessageQuote = {
  __typename?: 'MessageQuote';
  author?: Maybe<MessageAuthor>;
  /** Set instead of author when a guest of the meeting room wrote the quoted message. */
  authorGuest?: Maybe<MessageGuest>;
  body?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
};

export type MessageReaction = {
  __typename?: 'MessageReaction';
  count: Scalars['Int']['output'];
  emoji: Scalars['String']['output'];
  /** Ids of the users who reacted. */
  users: Array<Scalars['ID']['output']>;
};

export type Mutation = {
  __typename?: 'Mutation';
  /**
   * Invites someone by e-mail into team id (admins only) as type admin, basic (default) or guest, with an
   * optional message text. A guest needs a project: the one space they will see. An address with an
   * account joins at once and gets a notice; otherwise an invitation link is mailed.
   */
  addUserTeam: Team;
  /** The callee answers the call's ring: accept (then join with joinVideocall) or decline. */
  answerVideocall: Scalars['Boolean']['output'];
  /** Cancels the plan: it keeps its benefits until currentPeriodEnd (team admin). */
  cancelSubscription: Billing;
  /**
   * Gives up an upload the caller signed and did not record (cancelled or failed): its bytes go and it no
   * longer counts toward the 20 uploads in flight. NOT_FOUND for an unknown, recorded or someone else's code.
   */
  cancelUpload: Scalars['Boolean']['output'];
  /** Creates a personal API token for the GraphQL API (not with an API token). */
  createApiToken: NewApiToken;
  /** Adds a section at the end of a space's board. */
  createState: ProjectState;
  delAiConversation: Scalars['ID']['output'];
  delAiMessage: Scalars['ID']['output'];
  /** Deletes an event, or for a series one occurrence (this), it and the following ones, or all. */
  delEvent: Scalars['Boolean']['output'];
  /** Deletes a file and its bytes; its size no longer counts against the quota. */
  delFile: Scalars['Boolean']['output'];
  /** Deletes a folder; its files and subfolders move up to its parent (subscribers get file.updated and folder.updated for each). */
  delFolder: Scalars['Boolean']['output'];
  /** Own messages (a meeting room's admitted guest: their own in that room); team admins and space admins may delete any in their space. */
  delMessage: Scalars['Boolean']['output'];
  /** Deletes a space (space admins); personal spaces cannot be deleted. */
  delProject: Scalars['Boolean']['output'];
  /** Deletes a tag or sprint and takes it off every task. */
  delTag: Scalars['Boolean']['output'];
  /** Deletes a task (its author, a space admin or a team admin); delSubtasks deletes its subtasks too, otherwise they become top-level tasks. */
  delTask: Scalars['Boolean']['output'];
  /** Deletes a doc with its content; its open editors are disconnected. */
  delWorkspace: Scalars['Boolean']['output'];
  /** Deletes a section (space admins); its tasks move to the end of moveTo. A space keeps at least one section. Returns the sections left. */
  deleteState: Array<ProjectState>;
  /** Copies a task (not its subtasks) right after the original, with a new idCode. */
  duplicateTask: Task;
  /** Renames one of the caller's conversations. */
  ediAiConversation: AiConversation;
  /**
   * Changes an event (its author; the owner of an imported one). For a series, scope this | following | all
   * with occurrence = the original start of the occurrence acted on. accepted/rejected move only the caller.
   */
  ediEvent: Event;
  /** Shares or unshares, renames, moves to a folder ("root" for the top level) or to another space of the team. */
  ediFile: File;
  /** Renames, or moves under upfolder ("root" for the top level); never into itself or a subfolder. */
  ediFolder: Folder;
  /** Members of the room: admitted, refused or removed (see the states' rules in the API notes). */
  ediInvited: Invited;
  /** Own messages only (a meeting room's admitted guest: their own in that room). */
  ediMessage: Message;
  /** Renames, changes the logo, adds members, or makes inactive; members only. */
  ediPrivat: Privat;
  /** Edits everything of a space, including who can find it (type) (space admins). */
  ediProject: Project;
  /** Edits how a space looks: name, logo, colour and description, never its type (space admins). */
  ediProjectBasic: Project;
  ediTag: Tag;
  /**
   * Edits a task. cover may be the url of an image file of this task that the caller can read (setTask
   * refuses those: a new task has no files yet). A missing argument changes nothing; null or "" clears letter, description, cover, deadline,
   * length, parentTask and sprint; tags: [] and users: [] empty those lists. A new state without a
   * positionSection puts the task at the end of that section. project moves the task and its subtasks to
   * another space of the team the caller is a member of: they get new idCodes, the sections and tags of the same
   * names there (state may name the target section instead), and keep the people who can see that space.
   */
  ediTask: Task;
  /** Profile fields; profileImg is a PNG or JPG data URL of at most 1 MB (stored as 150x150), or null to remove it. */
  ediUser: User;
  /** Name, e-mail and password; password is the current one, newPassword optional. */
  ediUserBasic: User;
  ediUserLanguage: User;
  followTask: Task;
  forgotPassword: Scalars['Boolean']['output'];
  /**
   * With project: that space's room (made the first time, always the same one). With id: that room. With
   * neither: a new ad hoc room in the caller's current team, named name (1..100 characters, default "Meeting").
   */
  initiateMeetingroom: Meetingroom;
  /**
   * Makes the room's notes doc in its space the first time (a member who may write in the space); afterwards, and
   * for concurrent requests, the same doc. An ad hoc room has none: MEETING_NOTES_SPACE_REQUIRED.
   */
  initiateMeetingroomNotes: Meetingroom;
  /** Joins a public space at once, or asks to join a private one. */
  joinProject: Project;
  /**
   * Joins the active call of a room (meetingroom, or project for a space's room) or starts one. Members of
   * the room, or its admitted guest. The call counts the attendee as present once its subVideocall opens.
   */
  joinVideocall: Videocall;
  /** Marks the conversation read up to now for the caller. */
  lastViewed: Scalars['Boolean']['output'];
  /** Leaves a group chat. */
  leavePrivat: Scalars['Boolean']['output'];
  /** The caller leaves a team; refused for its last admin and for its only member. */
  leaveTeam: Scalars['Boolean']['output'];
  /** Leaves the call: the caller's attendee, or every attendee of the caller in it. The call finishes with its last participant. */
  leaveVideocall: Scalars['Boolean']['output'];
  login: AuthPayload;
  logout: Scalars['Boolean']['output'];
  /** Team admin: a Stripe customer-portal session for the team's customer (payment method, invoices, cancel). */
  manageSubscriptions: CheckoutAnswer;
  /** Pins (marked true) or unpins one of the caller's notifications. */
  markNotification: Notification;
  /** Toggles the caller's reaction. */
  reactMessage: Message;
  /** Continues a cancelled plan before it ends (team admin). */
  reactivateSubscription: Billing;
  /** Marks notifications read: those of ids; without ids every unread one of the team, or of project when given. Returns how many changed. */
  readNotifications: Scalars['Int']['output'];
  /** Marks a conversation read for the caller's side (the person's own, or the support team's). */
  readSupportThread: SupportThread;
  refreshToken: RefreshPayload;
  /** Stops syncing and removes the account's imported events here, never the remote ones. */
  removeCalendarAccount: Scalars['Boolean']['output'];
  /** Withdraws a pending invitation (admins only): its link then answers that the invitation was withdrawn. */
  removeInvitedTeam: Team;
  /** Takes a member out of a team (admins only). */
  removeUserTeam: Team;
  resendEmail: Scalars['Boolean']['output'];
  /** Mails a pending invitation again with a new link (admins only); the earlier link stops working and the 14 days start again. */
  resendInvitedTeam: Team;
  /** A new private ICS feed URL (shown this once); the previous one stops working. */
  resetCalendarFeed: CalendarFeed;
  /** Makes a new guest link for the room; the old one stops working at once. Members of the room. */
  resetMeetingroomLink: Meetingroom;
  /** accept | reject | join | rejoin | leave, for the caller (responses are per series). */
  respondEvent: Event;
  /** Revokes one of the caller's API tokens; it stops working at once. */
  revokeApiToken: Scalars['Boolean']['output'];
  /** The private ICS feed stops working. */
  revokeCalendarFeed: CalendarFeed;
  /**
   * A member in the call rings people into it. In a private chat: its other members, or those of them listed in
   * users. In a room: the users listed, each able to use the room. Someone already in the call or already rung
   * is skipped. Answers the rings made. A ring ends as missed after 30 seconds without an answer.
   */
  ringVideocall: Array<VideocallRing>;
  /** Chooses whether a calendar (its provider id or its id) syncs; deselecting removes its imported events here. */
  selectCalendar: Calendar;
  /** Contact sales: mailed to the sales address and kept; an empty message is refused. */
  sendEmail: ContactSalesAnswer;
  /** Feedback to the instance administrators: mailed to each of them and kept. kind: idea | problem | praise; screenshot: an image data URL. */
  sendFeedback: SupportFeedback;
  /** A message in a support conversation: the caller's own (person omitted), or, for the support team, an answer in anyone's. */
  sendSupportMessage: SupportMessage;
  /** Starts a conversation in the caller's current team. type: chat | search. */
  setAiConversation: AiConversation;
  /** Sets the team's AI limits: requests per minute 1 to 100000, tokens per day 1000 to 1000000000. Team admins only. */
  setAiLimits: AiLimits;
  /**
   * Asks: records the question, starts the answer and returns [question, answer] (the answer in state streaming,
   * body ''). type: chat | search, default the conversation's type. persona: assistant, projectManager, engineer,
   * marketer or writer; tone: professional, friendly, casual or formal. Uploads are not accepted here.
   */
  setAiMessage: Array<AiMessage>;
  /** Team admin: a Stripe Checkout Session for a paid plan; type is the period (monthly, yearly or lifetime), currency usd, eur or gbp (else usd). Without Stripe: PAYMENTS_NOT_CONFIGURED. */
  setCheckout: CheckoutAnswer;
  /** Redeems a promotion code for the caller's current team (team admin). */
  setCode: Billing;
  /** A new event (SPEC §5: title, description, startDate, endDate, type and recurring required); type meeting makes or links a room. */
  setEvent: Event;
  /**
   * Records an uploaded file (SPEC §5: name, code, type, size and location are required) once its bytes
   * are there with that size and of an allowed type, and the team's quota still holds it. story: true records a
   * story of the space (STORY_NOT_ALLOWED unless it is a video given to a project).
   */
  setFile: File;
  /** Makes a folder in a space; upfolder puts it inside another folder of the same type. */
  setFolder: Folder;
  setIdbrowser: Scalars['Boolean']['output'];
  /**
   * Public: a person holding the room's guest link (link: its ?guest= secret) asks to enter as name (1..60
   * characters). The guest waits until a member admits it.
   */
  setInvited: InvitedPass;
  /**
   * Posts a message. body: 1..20,000 characters after trimming (a file message may have an empty body).
   * file: a file the caller uploaded to this conversation's owner (signedUploadURL and setFile with the
   * same project, task or privat); the message's type is then file. Deleting the message keeps the file.
   * clientId (<= 64 chars): a resend with the same clientId by the same author returns the first message
   * and writes nothing. A meeting room's admitted guest may post text (no file) in that room's chat only;
   * their mentions notify nobody.
   */
  setMessage: Message;
  /**
   * permission admin or basic adds a team member to the space (approving their request) or changes their
   * permission; refused answers a pending request; removed takes them out. Space admins only, except that
   * anyone may remove themselves (leave).
   */
  setPermission: Project;
  /** online | away; the server sets offline when the caller's last websocket closes. */
  setPresence: Scalars['Boolean']['output'];
  /** Starts a private chat; with one other user returns the existing one-to-one chat if there is one. */
  setPrivat: Privat;
  /** Creates a space in the current team (members, not guests); the creator is its admin. type defaults to private. */
  setProject: Project;
  /** Instance administrator: a promotion code (credit in cents, a plan for N days, or a lifetime deal), its expiry and uses. */
  setPromotionCode: BillingCode;
  /**
   * Sets one of the caller's settings: by id to change an existing one, otherwise by name (created if new).
   * With team: one of that team's notification defaults instead (its admins only).
   */
  setSetting: Setting;
  /**
   * Sets whether a space's standup is posted to its channel (a message of type standup), at time (HH:MM) in timeZone
   * on weekdays (1 Monday to 7 Sunday): once per local day, at or after the time, covering what the space's members
   * did since the previous post (or since the day before began), with their overdue tasks. Space admins and team admins
   * only; STANDUP_TIME_INVALID, REPORT_TIME_ZONE_INVALID or STANDUP_WEEKDAYS_INVALID for bad input.
   */
  setStandupChannel: StandupChannel;
  /** Creates a tag, or a sprint with isSprint; names are unique in a space. color defaults to the palette. */
  setTag: Tag;
  /**
   * Creates a task in a space the caller is a member of. name is required (1 to 500 characters). Without
   * state it goes to the first section; without positions, to the end of each list. users are assignees
   * (people who can see the space); the creator and the assignees follow it.
   */
  setTask: Task;
  /** Creates a team where the caller is admin, with their personal space; it becomes their current team. */
  setTeam: Team;
  /** Instance administrator, without Stripe: plan, period, seats (1..10000), currency. */
  setTeamPlan: Billing;
  /** Creates the instance's first account, verified, with its team (team: the team's name), from the set-up link the server logs while no account exists; signs in. */
  setUserAdmin: AuthPayload;
  /**
   * Sign-up with e-mail and password. invited: the invitation id of a sign-up link; the account joins the
   * inviting team once the address is verified. token: the proof the mailed invitation link carries; with
   * it the address counts as verified at once, the account joins the team and is signed in (session).
   */
  setUserBasic: SignUpResult;
  /** Signs in with an ID token the app obtained from Google; registers the account on first use. */
  setUserGoogle: SocialAuthPayload;
  /** Signs in with an ID token the app obtained from Microsoft; registers the account on first use. */
  setUserMicrosoft: SocialAuthPayload;
  /** Publishes the caller's attendee state; omitted values stay as they were. reaction: one emoji, sent once. */
  setVideocallState: Scalars['Boolean']['output'];
  /** Creates a doc in a space (optionally in a doc folder of that space) and returns it. */
  setWorkspace: Wall;
  /** Sends a signal (JSON text, at most 64 KiB) from the caller's attendee from to the participant to of the same call. */
  signalVideocall: Scalars['Boolean']['output'];
  /** A member in the call starts recording it (one recording at a time); answers the recording id that stopRecording takes. */
  startRecording: Scalars['String']['output'];
  /** The 15-day trial, once per team, for a team on the free plan (team admin). */
  startTrial: Billing;
  /** Stops an answer being written: the upstream request is aborted (on whichever process runs it), what came so far is kept, state stopped. */
  stopAiMessage: AiMessage;
  /** Stops a running recording: who started it, or an admin of the room's space (of the team, for an ad hoc room). */
  stopRecording: Scalars['Boolean']['output'];
  /** Makes another of the caller's teams their current one. */
  switchTeam: Team;
  /** Sync one account now (the sync page's button); the answer is the account after the sync. */
  syncCalendarAccount: CalendarAccount;
  /** Connects an account (sync without account) or changes one; feature calendar; active false pauses it. */
  syncFeatureCalendar: CalendarAccount;
  /**
   * Tells the other members of the conversation the caller is typing (rate-limited, not stored); with
   * stopped: true, that they stopped (text cleared or sent), relayed only after a relayed start. False
   * when nothing was relayed.
   */
  typingMessage: Scalars['Boolean']['output'];
  /** Refused for assignees: they follow their tasks while assigned (SPEC §4). */
  unfollowTask: Task;
  updatePassword: Scalars['Boolean']['output'];
  updateState: ProjectState;
  /** Gives sections of one space new positions, ids and positions pairwise. Returns the space's sections. */
  updateStates: Array<ProjectState>;
  /**
   * Team settings (admins only): name, logo (a PNG or JPG data URL, or null to remove), url (the custom
   * URL; changing it ends the caller's session), user with type (admin, basic or guest) sets that member's
   * role, kick takes that member out.
   */
  updateTeam: TeamUpdate;
  /** Edits a doc's fields; null or an empty string clears an optional one. shared: true makes a new public link, false revokes it and disconnects its readers. */
  updateWall: Wall;
  /** Remembers this visit to Home for the caller (on every device); true when it was recorded (at most one every 5 minutes). */
  visitHome: Scalars['Boolean']['output'];
};

export type MutationAddUserTeamArgs = {
  email: Scalars['String']['input'];
  id: Scalars['ID']['input'];
  project?: InputMaybe<Scalars['ID']['input']>;
  text?: InputMaybe<Scalars['String']['input']>;
  type?: InputMaybe<Scalars['String']['input']>;
};

export type MutationAnswerVideocallArgs = {
  accept: Scalars['Boolean']['input'];
  videocall: Scalars['ID']['input'];
};

export type MutationCancelSubscriptionArgs = {
  team: Scalars['ID']['input'];
};

export type MutationCancelUploadArgs = {
  code: Scalars['ID']['input'];
};

export type MutationCreateApiTokenArgs = {
  name: Scalars['String']['input'];
};

export type MutationCreateStateArgs = {
  icon?: InputMaybe<Scalars['Int']['input']>;
  project: Scalars['ID']['input'];
  value: Scalars['String']['input'];
};

export type MutationDelAiConversationArgs = {
  id: Scalars['ID']['input'];
};

export type MutationDelAiMessageArgs = {
  id: Scalars['ID']['input'];
};

export type MutationDelEventArgs = {
  id: Scalars['ID']['input'];
  occurrence?: InputMaybe<Scalars['String']['input']>;
  scope?: InputMaybe<Scalars['String']['input']>;
};

export type MutationDelFileArgs = {
  id: Scalars['ID']['input'];
};

export type MutationDelFolderArgs = {
  id: Scalars['ID']['input'];
};

export type MutationDelMessageArgs = {
  id: Scalars['ID']['input'];
};

export type MutationDelProjectArgs = {
  id: Scalars['ID']['input'];
};

export type MutationDelTagArgs = {
  id: Scalars['ID']['input'];
};

export type MutationDelTaskArgs = {
  delSubtasks?: InputMaybe<Scalars['Boolean']['input']>;
  task: Scalars['ID']['input'];
};

export type MutationDelWorkspaceArgs = {
  id: Scalars['ID']['input'];
};

export type MutationDeleteStateArgs = {
  id: Scalars['ID']['input'];
  moveTo?: InputMaybe<Scalars['ID']['input']>;
};

export type MutationDuplicateTaskArgs = {
  id: Scalars['ID']['input'];
};

export type MutationEdiAiConversationArgs = {
  id: Scalars['ID']['input'];
  name: Scalars['String']['input'];
};

export type MutationEdiEventArgs = {
  accepted?: InputMaybe<Array<Scalars['ID']['input']>>;
  allDay?: InputMaybe<Scalars['Boolean']['input']>;
  count?: InputMaybe<Scalars['Int']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  endDate?: InputMaybe<Scalars['String']['input']>;
  guests?: InputMaybe<Array<Scalars['String']['input']>>;
  id: Scalars['ID']['input'];
  invited?: InputMaybe<Array<Scalars['ID']['input']>>;
  location?: InputMaybe<Scalars['String']['input']>;
  meeting?: InputMaybe<Scalars['ID']['input']>;
  occurrence?: InputMaybe<Scalars['String']['input']>;
  recurring?: InputMaybe<Scalars['String']['input']>;
  rejected?: InputMaybe<Array<Scalars['ID']['input']>>;
  scope?: InputMaybe<Scalars['String']['input']>;
  startDate?: InputMaybe<Scalars['String']['input']>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
  title?: InputMaybe<Scalars['String']['input']>;
  type?: InputMaybe<Scalars['String']['input']>;
  until?: InputMaybe<Scalars['String']['input']>;
};

export type MutationEdiFileArgs = {
  folder?: InputMaybe<Scalars['ID']['input']>;
  id: Scalars['ID']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
  shared?: InputMaybe<Scalars['Boolean']['input']>;
};

export type MutationEdiFolderArgs = {
  id: Scalars['ID']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
  upfolder?: InputMaybe<Scalars['ID']['input']>;
};

export type MutationEdiInvitedArgs = {
  id: Scalars['ID']['input'];
  state: Scalars['String']['input'];
};

export type MutationEdiMessageArgs = {
  body: Scalars['String']['input'];
  id: Scalars['ID']['input'];
};

export type MutationEdiPrivatArgs = {
  addUsers?: InputMaybe<Array<Scalars['ID']['input']>>;
  id: Scalars['ID']['input'];
  inactive?: InputMaybe<Scalars['Boolean']['input']>;
  logo?: InputMaybe<Scalars['String']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
};

export type MutationEdiProjectArgs = {
  color?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['ID']['input'];
  logo?: InputMaybe<Scalars['String']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  type?: InputMaybe<Scalars['String']['input']>;
};

export type MutationEdiProjectBasicArgs = {
  color?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['ID']['input'];
  logo?: InputMaybe<Scalars['String']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
};

export type MutationEdiTagArgs = {
  color?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['ID']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
};

export type MutationEdiTaskArgs = {
  color?: InputMaybe<Scalars['String']['input']>;
  cover?: InputMaybe<Scalars['String']['input']>;
  deadline?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['JSON']['input']>;
  id: Scalars['ID']['input'];
  length?: InputMaybe<TaskLengthInput>;
  letter?: InputMaybe<Scalars['String']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  parentTask?: InputMaybe<Scalars['ID']['input']>;
  positionAsignee?: InputMaybe<Scalars['Float']['input']>;
  positionDuedate?: InputMaybe<Scalars['Float']['input']>;
  positionSection?: InputMaybe<Scalars['Float']['input']>;
  priority?: InputMaybe<Scalars['Int']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
  sprint?: InputMaybe<Scalars['ID']['input']>;
  state?: InputMaybe<Scalars['ID']['input']>;
  tags?: InputMaybe<Array<Scalars['ID']['input']>>;
  users?: InputMaybe<Array<Scalars['ID']['input']>>;
};

export type MutationEdiUserArgs = {
  currency?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  firstname?: InputMaybe<Scalars['String']['input']>;
  lastname?: InputMaybe<Scalars['String']['input']>;
  profileImg?: InputMaybe<Scalars['String']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
  rate?: InputMaybe<Scalars['Int']['input']>;
  resume?: InputMaybe<Scalars['String']['input']>;
  role?: InputMaybe<Scalars['String']['input']>;
};

export type MutationEdiUserBasicArgs = {
  email: Scalars['String']['input'];
  firstname: Scalars['String']['input'];
  lastname: Scalars['String']['input'];
  newPassword?: InputMaybe<Scalars['String']['input']>;
  password: Scalars['String']['input'];
};

export type MutationEdiUserLanguageArgs = {
  id: Scalars['ID']['input'];
  language: Scalars['String']['input'];
  type?: InputMaybe<Scalars['String']['input']>;
};

export type MutationFollowTaskArgs = {
  id: Scalars['ID']['input'];
};

export type MutationForgotPasswordArgs = {
  email: Scalars['String']['input'];
};

export type MutationInitiateMeetingroomArgs = {
  id?: InputMaybe<Scalars['ID']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
};

export type MutationInitiateMeetingroomNotesArgs = {
  id: Scalars['ID']['input'];
};

export type MutationJoinProjectArgs = {
  project: Scalars['ID']['input'];
};

export type MutationJoinVideocallArgs = {
  meetingroom?: InputMaybe<Scalars['ID']['input']>;
  privat?: InputMaybe<Scalars['ID']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
};

export type MutationLastViewedArgs = {
  meetingroom?: InputMaybe<Scalars['ID']['input']>;
  privat?: InputMaybe<Scalars['ID']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
  task?: InputMaybe<Scalars['ID']['input']>;
};

export type MutationLeavePrivatArgs = {
  id: Scalars['ID']['input'];
};

export type MutationLeaveTeamArgs = {
  team: Scalars['ID']['input'];
};

export type MutationLeaveVideocallArgs = {
  attendee?: InputMaybe<Scalars['ID']['input']>;
  id: Scalars['ID']['input'];
};

export type MutationLoginArgs = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
  project?: InputMaybe<Scalars['ID']['input']>;
};

export type MutationManageSubscriptionsArgs = {
  team: Scalars['ID']['input'];
};

export type MutationMarkNotificationArgs = {
  id: Scalars['ID']['input'];
  marked: Scalars['Boolean']['input'];
};

export type MutationReactMessageArgs = {
  emoji: Scalars['String']['input'];
  id: Scalars['ID']['input'];
};

export type MutationReactivateSubscriptionArgs = {
  team: Scalars['ID']['input'];
};

export type MutationReadNotificationsArgs = {
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  project?: InputMaybe<Scalars['ID']['input']>;
};

export type MutationReadSupportThreadArgs = {
  person?: InputMaybe<Scalars['ID']['input']>;
};

export type MutationRemoveCalendarAccountArgs = {
  account: Scalars['ID']['input'];
};

export type MutationRemoveInvitedTeamArgs = {
  invited: Scalars['ID']['input'];
  team: Scalars['ID']['input'];
};

export type MutationRemoveUserTeamArgs = {
  team: Scalars['ID']['input'];
  user: Scalars['ID']['input'];
};

export type MutationResendEmailArgs = {
  email: Scalars['String']['input'];
};

export type MutationResendInvitedTeamArgs = {
  invited: Scalars['ID']['input'];
  team: Scalars['ID']['input'];
};

export type MutationResetMeetingroomLinkArgs = {
  id: Scalars['ID']['input'];
};

export type MutationRespondEventArgs = {
  id: Scalars['ID']['input'];
  response: Scalars['String']['input'];
};

export type MutationRevokeApiTokenArgs = {
  id: Scalars['ID']['input'];
};

export type MutationRingVideocallArgs = {
  users?: InputMaybe<Array<Scalars['ID']['input']>>;
  videocall: Scalars['ID']['input'];
};

export type MutationSelectCalendarArgs = {
  calendar: Scalars['String']['input'];
  selected: Scalars['Boolean']['input'];
};

export type MutationSendEmailArgs = {
  company?: InputMaybe<Scalars['String']['input']>;
  email?: InputMaybe<Scalars['String']['input']>;
  message: Scalars['String']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
  seats?: InputMaybe<Scalars['Int']['input']>;
};

export type MutationSendFeedbackArgs = {
  kind: Scalars['String']['input'];
  message: Scalars['String']['input'];
  page?: InputMaybe<Scalars['String']['input']>;
  screenshot?: InputMaybe<Scalars['String']['input']>;
};

export type MutationSendSupportMessageArgs = {
  body: Scalars['String']['input'];
  person?: InputMaybe<Scalars['ID']['input']>;
};

export type MutationSetAiConversationArgs = {
  type: Scalars['String']['input'];
};

export type MutationSetAiLimitsArgs = {
  requestsPerMinute: Scalars['Int']['input'];
  team: Scalars['ID']['input'];
  tokensPerDay: Scalars['Int']['input'];
};

export type MutationSetAiMessageArgs = {
  aiconversation: Scalars['ID']['input'];
  body: Scalars['String']['input'];
  persona?: InputMaybe<Scalars['String']['input']>;
  tone?: InputMaybe<Scalars['String']['input']>;
  type?: InputMaybe<Scalars['String']['input']>;
};

export type MutationSetCheckoutArgs = {
  currency?: InputMaybe<Scalars['String']['input']>;
  plan: Scalars['String']['input'];
  team: Scalars['ID']['input'];
  type: Scalars['String']['input'];
};

export type MutationSetCodeArgs = {
  code: Scalars['String']['input'];
};

export type MutationSetEventArgs = {
  allDay?: InputMaybe<Scalars['Boolean']['input']>;
  count?: InputMaybe<Scalars['Int']['input']>;
  description: Scalars['String']['input'];
  endDate: Scalars['String']['input'];
  guests?: InputMaybe<Array<Scalars['String']['input']>>;
  invited?: InputMaybe<Array<Scalars['ID']['input']>>;
  location?: InputMaybe<Scalars['String']['input']>;
  meeting?: InputMaybe<Scalars['ID']['input']>;
  recurring: Scalars['String']['input'];
  startDate: Scalars['String']['input'];
  timeZone?: InputMaybe<Scalars['String']['input']>;
  title: Scalars['String']['input'];
  type: Scalars['String']['input'];
  until?: InputMaybe<Scalars['String']['input']>;
};

export type MutationSetFileArgs = {
  code: Scalars['ID']['input'];
  folder?: InputMaybe<Scalars['ID']['input']>;
  location: Scalars['String']['input'];
  name: Scalars['String']['input'];
  privat?: InputMaybe<Scalars['ID']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
  size: Scalars['Float']['input'];
  story?: InputMaybe<Scalars['Boolean']['input']>;
  task?: InputMaybe<Scalars['ID']['input']>;
  type: Scalars['String']['input'];
};

export type MutationSetFolderArgs = {
  name: Scalars['String']['input'];
  project: Scalars['ID']['input'];
  type?: InputMaybe<Scalars['String']['input']>;
  upfolder?: InputMaybe<Scalars['ID']['input']>;
};

export type MutationSetIdbrowserArgs = {
  token: Scalars['String']['input'];
};

export type MutationSetInvitedArgs = {
  link: Scalars['String']['input'];
  meetingroom: Scalars['ID']['input'];
  name: Scalars['String']['input'];
};

export type MutationSetMessageArgs = {
  body: Scalars['String']['input'];
  clientId?: InputMaybe<Scalars['String']['input']>;
  file?: InputMaybe<Scalars['ID']['input']>;
  meetingroom?: InputMaybe<Scalars['ID']['input']>;
  privat?: InputMaybe<Scalars['ID']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
  replyTo?: InputMaybe<Scalars['ID']['input']>;
  task?: InputMaybe<Scalars['ID']['input']>;
  type?: InputMaybe<Scalars['String']['input']>;
};

export type MutationSetPermissionArgs = {
  permission: Scalars['String']['input'];
  project: Scalars['ID']['input'];
  user: Scalars['ID']['input'];
};

export type MutationSetPresenceArgs = {
  state: Scalars['String']['input'];
};

export type MutationSetPrivatArgs = {
  logo?: InputMaybe<Scalars['String']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  users: Array<Scalars['ID']['input']>;
};

export type MutationSetProjectArgs = {
  color?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  logo?: InputMaybe<Scalars['String']['input']>;
  name: Scalars['String']['input'];
  type?: InputMaybe<Scalars['String']['input']>;
};

export type MutationSetPromotionCodeArgs = {
  amount?: InputMaybe<Scalars['Int']['input']>;
  code: Scalars['String']['input'];
  currency?: InputMaybe<Scalars['String']['input']>;
  days?: InputMaybe<Scalars['Int']['input']>;
  expiresAt?: InputMaybe<Scalars['String']['input']>;
  kind: Scalars['String']['input'];
  maxUses?: InputMaybe<Scalars['Int']['input']>;
  plan?: InputMaybe<Scalars['String']['input']>;
};

export type MutationSetSettingArgs = {
  active: Scalars['Boolean']['input'];
  id?: InputMaybe<Scalars['ID']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  team?: InputMaybe<Scalars['ID']['input']>;
  type?: InputMaybe<Scalars['String']['input']>;
};

export type MutationSetStandupChannelArgs = {
  enabled: Scalars['Boolean']['input'];
  project: Scalars['ID']['input'];
  time: Scalars['String']['input'];
  timeZone: Scalars['String']['input'];
  weekdays: Array<Scalars['Int']['input']>;
};

export type MutationSetTagArgs = {
  color?: InputMaybe<Scalars['String']['input']>;
  isSprint?: InputMaybe<Scalars['Boolean']['input']>;
  name: Scalars['String']['input'];
  project: Scalars['ID']['input'];
};

export type MutationSetTaskArgs = {
  color?: InputMaybe<Scalars['String']['input']>;
  cover?: InputMaybe<Scalars['String']['input']>;
  deadline?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['JSON']['input']>;
  length?: InputMaybe<TaskLengthInput>;
  letter?: InputMaybe<Scalars['String']['input']>;
  name: Scalars['String']['input'];
  parentTask?: InputMaybe<Scalars['ID']['input']>;
  positionAsignee?: InputMaybe<Scalars['Float']['input']>;
  positionDuedate?: InputMaybe<Scalars['Float']['input']>;
  positionSection?: InputMaybe<Scalars['Float']['input']>;
  priority?: InputMaybe<Scalars['Int']['input']>;
  project: Scalars['ID']['input'];
  sprint?: InputMaybe<Scalars['ID']['input']>;
  state?: InputMaybe<Scalars['ID']['input']>;
  tags?: InputMaybe<Array<Scalars['ID']['input']>>;
  users?: InputMaybe<Array<Scalars['ID']['input']>>;
};

export type MutationSetTeamArgs = {
  logo?: InputMaybe<Scalars['String']['input']>;
  name: Scalars['String']['input'];
};

export type MutationSetTeamPlanArgs = {
  currency?: InputMaybe<Scalars['String']['input']>;
  period: Scalars['String']['input'];
  plan: Scalars['String']['input'];
  seats: Scalars['Int']['input'];
  team: Scalars['ID']['input'];
};

export type MutationSetUserAdminArgs = {
  email: Scalars['String']['input'];
  firstname: Scalars['String']['input'];
  language?: InputMaybe<Scalars['String']['input']>;
  lastname: Scalars['String']['input'];
  password: Scalars['String']['input'];
  team?: InputMaybe<Scalars['String']['input']>;
  token: Scalars['String']['input'];
};

export type MutationSetUserBasicArgs = {
  codes?: InputMaybe<Scalars['String']['input']>;
  email: Scalars['String']['input'];
  firstname: Scalars['String']['input'];
  invited?: InputMaybe<Scalars['ID']['input']>;
  language?: InputMaybe<Scalars['String']['input']>;
  lastname: Scalars['String']['input'];
  login?: InputMaybe<Scalars['Boolean']['input']>;
  password: Scalars['String']['input'];
  profileImg?: InputMaybe<Scalars['String']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
  promotion?: InputMaybe<Scalars['String']['input']>;
  social?: InputMaybe<Scalars['Boolean']['input']>;
  token?: InputMaybe<Scalars['String']['input']>;
};

export type MutationSetUserGoogleArgs = {
  codes?: InputMaybe<Scalars['String']['input']>;
  invited?: InputMaybe<Scalars['ID']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
  promotion?: InputMaybe<Scalars['String']['input']>;
  token: Scalars['String']['input'];
  updated?: InputMaybe<Scalars['Boolean']['input']>;
};

export type MutationSetUserMicrosoftArgs = {
  codes?: InputMaybe<Scalars['String']['input']>;
  invited?: InputMaybe<Scalars['ID']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
  promotion?: InputMaybe<Scalars['String']['input']>;
  token: Scalars['String']['input'];
  updated?: InputMaybe<Scalars['Boolean']['input']>;
};

export type MutationSetVideocallStateArgs = {
  attendee: Scalars['ID']['input'];
  audio?: InputMaybe<Scalars['Boolean']['input']>;
  hand?: InputMaybe<Scalars['Boolean']['input']>;
  reaction?: InputMaybe<Scalars['String']['input']>;
  screen?: InputMaybe<Scalars['Boolean']['input']>;
  video?: InputMaybe<Scalars['Boolean']['input']>;
  videocall: Scalars['ID']['input'];
};

export type MutationSetWorkspaceArgs = {
  emoji?: InputMaybe<Scalars['String']['input']>;
  folder?: InputMaybe<Scalars['ID']['input']>;
  project: Scalars['ID']['input'];
  title: Scalars['String']['input'];
};

export type MutationSignalVideocallArgs = {
  from: Scalars['ID']['input'];
  signal: Scalars['String']['input'];
  to: Scalars['ID']['input'];
  videocall: Scalars['ID']['input'];
};

export type MutationStartRecordingArgs = {
  videocall: Scalars['ID']['input'];
};

export type MutationStartTrialArgs = {
  team: Scalars['ID']['input'];
};

export type MutationStopAiMessageArgs = {
  id: Scalars['ID']['input'];
};

export type MutationStopRecordingArgs = {
  pipelineId: Scalars['String']['input'];
};

export type MutationSwitchTeamArgs = {
  team: Scalars['ID']['input'];
};

export type MutationSyncCalendarAccountArgs = {
  account: Scalars['ID']['input'];
};

export type MutationSyncFeatureCalendarArgs = {
  active: Scalars['Boolean']['input'];
  feature: Scalars['String']['input'];
  sync: CalendarSyncInput;
};

export type MutationTypingMessageArgs = {
  meetingroom?: InputMaybe<Scalars['ID']['input']>;
  privat?: InputMaybe<Scalars['ID']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
  stopped?: InputMaybe<Scalars['Boolean']['input']>;
  task?: InputMaybe<Scalars['ID']['input']>;
};

export type MutationUnfollowTaskArgs = {
  id: Scalars['ID']['input'];
};

export type MutationUpdatePasswordArgs = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
  token: Scalars['String']['input'];
};

export type MutationUpdateStateArgs = {
  icon?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['ID']['input'];
  value?: InputMaybe<Scalars['String']['input']>;
};

export type MutationUpdateStatesArgs = {
  ids: Array<Scalars['ID']['input']>;
  positions: Array<Scalars['Float']['input']>;
};

export type MutationUpdateTeamArgs = {
  kick?: InputMaybe<Scalars['ID']['input']>;
  logo?: InputMaybe<Scalars['String']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  team: Scalars['ID']['input'];
  type?: InputMaybe<Scalars['String']['input']>;
  url?: InputMaybe<Scalars['String']['input']>;
  user?: InputMaybe<Scalars['ID']['input']>;
};

export type MutationUpdateWallArgs = {
  cover?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  emoji?: InputMaybe<Scalars['String']['input']>;
  folder?: InputMaybe<Scalars['ID']['input']>;
  id: Scalars['ID']['input'];
  shared?: InputMaybe<Scalars['Boolean']['input']>;
  title?: InputMaybe<Scalars['String']['input']>;
};

export type NewApiToken = {
  __typename?: 'NewApiToken';
  apiToken: ApiToken;
  /** The token itself, shown this once: send it as Authorization: Bearer <token>. */
  token: Scalars['String']['output'];
};

/** A notification one person received (SPEC §3). type: a SPEC §3 type or MESSAGE_MENTION (or a product type of addedNotificationTypes). */
export type Notification = {
  __typename?: 'Notification';
  /** Who caused it; null when the author's account is gone (or nobody, for PROMOTION). */
  author?: Maybe<UserBasic>;
  createdAt: Scalars['String']['output'];
  /** A line saying what it is about: a task's code and name, a message's first words, a file's or event's name. */
  description: Scalars['String']['output'];
  doc?: Maybe<Scalars['ID']['output']>;
  event?: Maybe<Scalars['ID']['output']>;
  file?: Maybe<Scalars['ID']['output']>;
  id: Scalars['ID']['output'];
  /** Pinned by its person (markNotification). */
  marked: Scalars['Boolean']['output'];
  meetingroom?: Maybe<Scalars['ID']['output']>;
  message?: Maybe<Scalars['ID']['output']>;
  privat?: Maybe<Scalars['ID']['output']>;
  project?: Maybe<Scalars['ID']['output']>;
  read: Scalars['Boolean']['output'];
  task?: Maybe<Scalars['ID']['output']>;
  type: Scalars['String']['output'];
};

export type NotificationChange = {
  __typename?: 'NotificationChange';
  /** The created or marked notification; null for read. */
  notification?: Maybe<Notification>;
  /** The notifications this change is about. */
  notificationIds: Array<Scalars['ID']['output']>;
  seq: Scalars['Float']['output'];
  /** notification.created | notification.read | notification.marked */
  type: Scalars['String']['output'];
  /** The subscriber's unread count when it is delivered: after this change (a feed resumed from the log gets today's count). */
  unread: Scalars['Int']['output'];
};

export type NotificationPage = {
  __typename?: 'NotificationPage';
  hasMore: Scalars['Boolean']['output'];
  /** Newest first. */
  notifications: Array<Notification>;
  /** Unread notifications in this team (all spaces; types whose app channel is on), for the bell. */
  unread: Scalars['Int']['output'];
};

/** A member's open work now: assigned tasks not in a done section, and how many of them are overdue. */
export type OpenLoad = {
  __typename?: 'OpenLoad';
  open: Scalars['Int']['output'];
  overdue: Scalars['Int']['output'];
  user: ReportMember;
};

/** A cover suggestion. author and authorUrl credit an Unsplash photographer (show them with the photo). */
export type Pic = {
  __typename?: 'Pic';
  author?: Maybe<Scalars['String']['output']>;
  authorUrl?: Maybe<Scalars['String']['output']>;
  img: Scalars['String']['output'];
  name: Scalars['String']['output'];
};

export type Presence = {
  __typename?: 'Presence';
  /** online | away | offline */
  state: Scalars['String']['output'];
  user: Scalars['ID']['output'];
};

/** A private chat: one-to-one (name null, shown as the other person) or a group with a name and logo. */
export type Privat = {
  __typename?: 'Privat';
  createdAt: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  inactive: Scalars['Boolean']['output'];
  lastMessage?: Maybe<Message>;
  logo?: Maybe<Scalars['String']['output']>;
  name?: Maybe<Scalars['String']['output']>;
  unread: Scalars['Int']['output'];
  updated: Scalars['String']['output'];
  users: Array<PrivatMember>;
};

export type PrivatChange = {
  __typename?: 'PrivatChange';
  /** The chat as the subscriber sees it (own unread count); null when the subscriber left it. */
  privat?: Maybe<Privat>;
  privatId: Scalars['ID']['output'];
  /** privat.created | privat.updated | privat.message | privat.read | privat.left */
  type: Scalars['String']['output'];
};

export type PrivatMember = {
  __typename?: 'PrivatMember';
  firstname: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lastname: Scalars['String']['output'];
  profileImg?: Maybe<Scalars['String']['output']>;
};

export type Project = {
  __typename?: 'Project';
  /** Whether the caller may edit, delete and set permissions of this space. */
  canManage: Scalars['Boolean']['output'];
  color?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['String']['output'];
  description?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** Whether the caller is a member; public spaces they may join are listed with false. */
  isMember: Scalars['Boolean']['output'];
  isPersonal: Scalars['Boolean']['output'];
  lastMessage?: Maybe<Message>;
  /** A /media/... image path, or null. */
  logo?: Maybe<Scalars['String']['output']>;
  name: Scalars['String']['output'];
  /** The caller's effective permission here: admin, basic, or null when not a member. */
  permission?: Maybe<Scalars['String']['output']>;
  /** Whether the caller asked to join and waits for an admin. */
  requested: Scalars['Boolean']['output'];
  team: Scalars['ID']['output'];
  /** public: any team member may join at once; private: members ask and an admin approves. */
  type: Scalars['String']['output'];
  unread: Scalars['Int']['output'];
  updated: Scalars['String']['output'];
  users: Array<ProjectUser>;
};

export type ProjectChange = {
  __typename?: 'ProjectChange';
  /** The member the change is about (userId) as the subscriber sees them after it; null when the change took them out of the space, is about nobody, or the space is out of sight. A client keeps a space's member list by this one person instead of selecting project.users, which is the whole list with every change (a message included). */
  member?: Maybe<ProjectUser>;
  /** The space as the subscriber now sees it; null when it is gone or out of their sight: drop it. */
  project?: Maybe<Project>;
  projectId: Scalars['ID']['output'];
  /** The event type, e.g. project.created, project.updated, project.deleted, project.member_added; project.message (a message in its channel) and project.read (the caller read it) carry the caller's unread and lastMessage, and are sent only to a subscription that selects one of those (they change nothing else of the space). */
  type: Scalars['String']['output'];
  /** The member the change is about, if any. */
  userId?: Maybe<Scalars['ID']['output']>;
};

/** A section of a space's board (SPEC calls it a project state). */
export type ProjectState = {
  __typename?: 'ProjectState';
  /** An index into the client's icon set (0 to 99). */
  icon: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  /** Fractional: sections sort by it. */
  position: Scalars['Float']['output'];
  project: Scalars['ID']['output'];
  value: Scalars['String']['output'];
};

export type ProjectUser = {
  __typename?: 'ProjectUser';
  email: Scalars['String']['output'];
  firstname: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** True for the caller. */
  isAuth: Scalars['Boolean']['output'];
  lastname: Scalars['String']['output'];
  /** Effective permission in the space when listing a space's people. */
  permission?: Maybe<Scalars['String']['output']>;
  profileImg?: Maybe<Scalars['String']['output']>;
  /** Effective team role: admin, basic or guest. */
  role?: Maybe<Scalars['String']['output']>;
};

/** What the holder of a public link sees of a shared doc besides its content (read-only, at room with ?share=<secret>). */
export type PublicWall = {
  __typename?: 'PublicWall';
  cover?: Maybe<Scalars['String']['output']>;
  embed: Scalars['String']['output'];
  emoji?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  room: Scalars['String']['output'];
  title: Scalars['String']['output'];
  updatedAt: Scalars['String']['output'];
};

export type Query = {
  __typename?: 'Query';
  /** Whether an e-mail address is free to sign up with (rate-limited). */
  checkEmail: Scalars['Boolean']['output'];
  /** Whether a set-up link (printed in the server log while no account exists) can still create the first account; refused with SETUP_LINK_INVALID or SETUP_DONE otherwise. */
  checkSetup: Scalars['Boolean']['output'];
  /** The caller's AI conversations in their current team, latest activity first. */
  getAiConversations: Array<AiConversation>;
  /** A conversation's messages, oldest first; another person's or a deleted conversation: NOT_FOUND. */
  getAiMessages: Array<AiMessage>;
  /** Whether AI is available on this server, its models and the largest prompt. */
  getAiStatus: AiStatus;
  /** The team's AI limits and this month's and today's usage per member (UTC days). Team admins only. */
  getAiUsage: AiUsage;
  /** The caller's API tokens that are not revoked. */
  getApiTokens: Array<ApiToken>;
  /** The summary since the caller's last recorded visit; only spaces they may read now, never their own actions. */
  getAwaySummary: AwaySummary;
  getBilling: Billing;
  /** The caller's connected calendar accounts in the current team. */
  getCalendarAccounts: Array<CalendarAccount>;
  /** Whether the caller has a private ICS feed (its URL is never shown again). */
  getCalendarFeed: CalendarFeed;
  /** The caller's calendars of their connected accounts in the current team. */
  getCalendars: Array<Calendar>;
  getClientSettings: ClientSettings;
  /** An event by id; meet: true looks id up as a meeting room and answers its meeting event. */
  getEvent?: Maybe<Event>;
  /** The caller's upcoming events (not yet ended), soonest first (agenda list); limit at most 100. */
  getEvents: Array<Event>;
  /** Entries of the caller's calendar from start to end (UTC ISO; at most 370 days apart): events and occurrences. */
  getEventsCalendar: Array<CalendarEntry>;
  /** Deadlines of tasks the caller is assigned to or follows, in spaces they may read, from start to end. */
  getEventsTasks: Array<CalendarTask>;
  getFile: File;
  /**
   * Files of exactly one of project (the space's own files), task or privat, newest first; or, with
   * portfolio: true and none of them, the caller's own uploads in their current team that they can still see.
   * category filters by kind (image, video, Pdf, Word, Xls, unknown), media (images and videos) or story (the
   * space's stories, which are videos too).
   * folder: a folder id, or "root" for the top level; without it, every folder. limit 1 to 200 (50).
   */
  getFiles: Array<File>;
  getFolder: Folder;
  /** Folders of a space of one type (file by default) inside folder, or at the top level without it. */
  getFolders: Array<Folder>;
  /** Members: the room's guests, newest first. A guest: only itself. */
  getInvited: Array<Invited>;
  /** The rooms the caller may see in their current team (ad hoc rooms and their spaces' rooms), or the room of one space (project). */
  getMeetingrooms: Array<Meetingroom>;
  /**
   * What the team's plan shows of one conversation's history (exactly one of project, privat, task, meetingroom,
   * invitation, as for getMessages, with the same access), so a chat can say older messages are hidden.
   */
  getMessageHistory: MessageHistory;
  /**
   * Newest first: up to `first` (default 50, at most 100) messages of one conversation, older than the
   * message `before` when given, within the history the team's plan shows (see getMessageHistory). Exactly one of project, privat, task, meetingroom, invitation. A meeting
   * room's admitted guest (guest credential, no account) may read that room's chat only.
   */
  getMessages: Array<Message>;
  /**
   * The caller's notifications in their current team, newest first. project: only that space's; first: page size
   * (default 30, at most 100); after: the id of the last notification of the previous page; filter: all (default),
   * unread, mentions (MESSAGE_MENTION) or marked. Types whose app channel is off are neither listed nor counted.
   */
  getNotifications: NotificationPage;
  /** Who of the current team is online or away now. */
  getPresence: Array<Presence>;
  /** The caller's private chats in the current team, most recently updated first. */
  getPrivats: Array<Privat>;
  getProjectBasic: Project;
  /** Spaces of the current team the caller belongs to, then public spaces they may join (isMember false). */
  getProjects: Array<Project>;
  /**
   * Per member and space, tasks created, finished and moved and task comments from startdate to enddate (ISO instants
   * or dates, at most 366 days), in the spaces the caller may read (projects: only these).
   */
  getReport: TeamReport;
  /**
   * The daily standup, generated from the event log: per member of the team (or of project), for date (YYYY-MM-DD)
   * and the day before in timeZone (default UTC), what they finished, moved, created, commented and edited, by space,
   * and their overdue tasks. team: the caller's current team when omitted. Only spaces the caller may read.
   */
  getReports: Standup;
  /** Rings ringing now that concern the caller: incoming ones, then the ones they make. */
  getRings: Array<VideocallRing>;
  /**
   * Tasks (name, description), messages, docs (title, text), files (name, a PDF's text) and calendar events (title,
   * description; a series once, twice once split by "this and following") the caller may read in their current
   * team, best first: exact title matches, then relevance (titles weigh more) with newer items ahead. text: more
   * than 4 characters, at most 500, searched as words (quotes and operators are text). filter: all (default), task,
   * message, doc, file or event. startdate, enddate: ISO dates, inclusive (the item's creation). space: only that
   * space (one the caller may read; events are in none). first: at most 50 (default 20).
   */
  getSearch: Array<SearchResult>;
  /** A shared file's details, for anyone (rate limited per address); NOT_FOUND when missing or not shared. */
  getSharedFile: SharedFile;
  /** A space's standup schedule; null while nobody has set one. */
  getStandupChannel?: Maybe<StandupChannel>;
  /** A space's sections in board order. */
  getStatesProject: Array<ProjectState>;
  /** The team's storage, recorded time and who is around now; the caller's current team without team. */
  getStats: Stats;
  getSupportAccess: SupportAccess;
  /** One feedback with its screenshot (instance administrators only). */
  getSupportFeedback: SupportFeedback;
  /** The feedback received, newest first, without the screenshots (instance administrators only). */
  getSupportFeedbacks: Array<SupportFeedback>;
  /** The support team's inbox (instance administrators only). */
  getSupportInbox: SupportInbox;
  /** A person's conversation with the support team: the caller's own (person omitted), or, for the support team, anyone's. */
  getSupportThread: SupportConversation;
  /** Tags and sprints of a space. */
  getTags: Array<Tag>;
  /** One task; the error message is 'Wrong Task' when it does not exist or the caller cannot see it. */
  getTask: Task;
  /** A task's history from the event log, newest first; first is at most 100. Reordering alone is left out. */
  getTaskActivity: TaskActivityPage;
  /**
   * The task threads with messages the caller may read in their current team, the most recently active
   * first, at most `first` (default 30, at most 100).
   */
  getTaskChats: Array<Task>;
  /**
   * With only project: every task of that space, subtasks included, in section order (the board).
   * users keeps the tasks assigned to any of them; open: true leaves out tasks in the last section of
   * their board when it has more than one (where finished work goes); first caps the answer (1 to 500,
   * 100 by default). Without project, users is required and the tasks come from every space of the
   * caller's current team they may read. With any of users, open or first: soonest deadline first,
   * tasks without a deadline last, then the most recently changed.
   */
  getTasks: Array<Task>;
  /** The caller's current (default) team. */
  getTeam: Team;
  /** The team's activity from the event log, newest first (admins only); first is at most 100. */
  getTeamActivity: ActivityPage;
  /** Name and logo of the team owning a shared file, doc or meeting room, for public pages. */
  getTeamData: TeamData;
  /** Every plan with its price in the currency asked (usd when it is not usd, eur or gbp) and frequency (month, year, lifetime). */
  getTeamSubscriptions: Array<SubscriptionPlan>;
  /** Every team the caller belongs to; isDefault marks the current one. */
  getTeams: Array<Team>;
  /** The signed-in user. */
  getUser: User;
  /** The public card of a user: name and photo. */
  getUserBasic: UserBasic;
  /** People of a space, or of the current team without one; auth false leaves the caller out. task is reserved for tasks. */
  getUsers: Array<ProjectUser>;
  /** Active calls the caller may see: of one room, or without arguments of every room the caller may see. */
  getVideocalls: Array<Videocall>;
  getWall: Wall;
  /**
   * A space's docs. folder: a doc folder's id, or "root" for the top level (docs in no folder); without it, every doc of the space.
   * sort: updated (most recently updated first, the default), title (A to Z, ignoring case) or created (newest first); ties go by id, so pages are stable.
   * limit 1 to 100 (50), offset 0 or more; total counts the docs of the same folder scope.
   */
  getWalls: WallPage;
  /** A shared doc, by its public link's secret (the :docId of /share/doc/:docId); anyone may ask, rate limited. */
  getWorkspace: PublicWall;
  serverInfo: ServerInfo;
  /** A URL that downloads the file without the session for 15 minutes. */
  signedDownloadPublicURL: Scalars['String']['output'];
  /** A short-lived signed URL for an image of a doc: for members of its space, or with share, for the holder of the doc's public link. */
  signedDownloadPublicURLDoc: Scalars['String']['output'];
  /**
   * Signs an upload of size bytes for a space (project), a task or a private chat (privat), or, without
   * them, for the caller's current team. Refused with file_size_limit, storage_limit_exceeded,
   * file_invalid_type or too_many_files (20 uploads signed, not recorded nor cancelled, and either
   * signed in the last 10 minutes or with their bytes arrived).
   */
  signedUploadURL: SignedUpload;
  /** The sign-in providers this server has set up (google, microsoft), for the sign-in buttons. */
  socialProviders: Array<Scalars['String']['output']>;
  /** Cover suggestions for name (usually the task's name); value is how many, 1 to 30 (12 by default). */
  suggestPics: Array<Pic>;
  /** Follows the mailed verification link: confirms the address and signs in. */
  verifyAccount: AuthPayload;
};

export type QueryCheckEmailArgs = {
  email: Scalars['String']['input'];
};

export type QueryCheckSetupArgs = {
  token: Scalars['String']['input'];
};

export type QueryGetAiMessagesArgs = {
  aiconversation: Scalars['ID']['input'];
};

export type QueryGetAiUsageArgs = {
  team: Scalars['ID']['input'];
};

export type QueryGetBillingArgs = {
  team: Scalars['ID']['input'];
};

export type QueryGetEventArgs = {
  id: Scalars['ID']['input'];
  meet?: InputMaybe<Scalars['Boolean']['input']>;
};

export type QueryGetEventsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};

export type QueryGetEventsCalendarArgs = {
  end: Scalars['String']['input'];
  start: Scalars['String']['input'];
};

export type QueryGetEventsTasksArgs = {
  end: Scalars['String']['input'];
  start: Scalars['String']['input'];
};

export type QueryGetFileArgs = {
  id: Scalars['ID']['input'];
};

export type QueryGetFilesArgs = {
  category?: InputMaybe<Scalars['String']['input']>;
  folder?: InputMaybe<Scalars['ID']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  portfolio?: InputMaybe<Scalars['Boolean']['input']>;
  privat?: InputMaybe<Scalars['ID']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
  task?: InputMaybe<Scalars['ID']['input']>;
};

export type QueryGetFolderArgs = {
  folder: Scalars['ID']['input'];
};

export type QueryGetFoldersArgs = {
  folder?: InputMaybe<Scalars['ID']['input']>;
  project: Scalars['ID']['input'];
  type?: InputMaybe<Scalars['String']['input']>;
};

export type QueryGetInvitedArgs = {
  meetingroom: Scalars['ID']['input'];
};

export type QueryGetMeetingroomsArgs = {
  project?: InputMaybe<Scalars['ID']['input']>;
};

export type QueryGetMessageHistoryArgs = {
  invitation?: InputMaybe<Scalars['ID']['input']>;
  meetingroom?: InputMaybe<Scalars['ID']['input']>;
  privat?: InputMaybe<Scalars['ID']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
  task?: InputMaybe<Scalars['ID']['input']>;
};

export type QueryGetMessagesArgs = {
  before?: InputMaybe<Scalars['ID']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  invitation?: InputMaybe<Scalars['ID']['input']>;
  meetingroom?: InputMaybe<Scalars['ID']['input']>;
  privat?: InputMaybe<Scalars['ID']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
  task?: InputMaybe<Scalars['ID']['input']>;
};

export type QueryGetNotificationsArgs = {
  after?: InputMaybe<Scalars['ID']['input']>;
  filter?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
};

export type QueryGetProjectBasicArgs = {
  id: Scalars['ID']['input'];
};

export type QueryGetReportArgs = {
  enddate: Scalars['String']['input'];
  projects?: InputMaybe<Array<Scalars['ID']['input']>>;
  startdate: Scalars['String']['input'];
  team?: InputMaybe<Scalars['ID']['input']>;
};

export type QueryGetReportsArgs = {
  date: Scalars['String']['input'];
  project?: InputMaybe<Scalars['ID']['input']>;
  team?: InputMaybe<Scalars['ID']['input']>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
};

export type QueryGetSearchArgs = {
  enddate?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  space?: InputMaybe<Scalars['ID']['input']>;
  startdate?: InputMaybe<Scalars['String']['input']>;
  text: Scalars['String']['input'];
};

export type QueryGetSharedFileArgs = {
  id: Scalars['ID']['input'];
};

export type QueryGetStandupChannelArgs = {
  project: Scalars['ID']['input'];
};

export type QueryGetStatesProjectArgs = {
  project: Scalars['ID']['input'];
};

export type QueryGetStatsArgs = {
  team?: InputMaybe<Scalars['ID']['input']>;
};

export type QueryGetSupportFeedbackArgs = {
  id: Scalars['ID']['input'];
};

export type QueryGetSupportThreadArgs = {
  person?: InputMaybe<Scalars['ID']['input']>;
};

export type QueryGetTagsArgs = {
  project: Scalars['ID']['input'];
};

export type QueryGetTaskArgs = {
  id: Scalars['ID']['input'];
};

export type QueryGetTaskActivityArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  task: Scalars['ID']['input'];
};

export type QueryGetTaskChatsArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
};

export type QueryGetTasksArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  open?: InputMaybe<Scalars['Boolean']['input']>;
  perSection?: InputMaybe<Scalars['Int']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
  users?: InputMaybe<Array<Scalars['ID']['input']>>;
};

export type QueryGetTeamActivityArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  team: Scalars['ID']['input'];
};

export type QueryGetTeamDataArgs = {
  doc?: InputMaybe<Scalars['ID']['input']>;
  file?: InputMaybe<Scalars['ID']['input']>;
  meetingroom?: InputMaybe<Scalars['ID']['input']>;
};

export type QueryGetTeamSubscriptionsArgs = {
  currency?: InputMaybe<Scalars['String']['input']>;
  frequency?: InputMaybe<Scalars['String']['input']>;
  payment?: InputMaybe<Scalars['String']['input']>;
  team?: InputMaybe<Scalars['ID']['input']>;
};

export type QueryGetUserBasicArgs = {
  id: Scalars['ID']['input'];
};

export type QueryGetUsersArgs = {
  auth?: InputMaybe<Scalars['Boolean']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
  task?: InputMaybe<Scalars['ID']['input']>;
};

export type QueryGetVideocallsArgs = {
  meetingroom?: InputMaybe<Scalars['ID']['input']>;
  privat?: InputMaybe<Scalars['ID']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
};

export type QueryGetWallArgs = {
  id: Scalars['ID']['input'];
};

export type QueryGetWallsArgs = {
  folder?: InputMaybe<Scalars['ID']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  project: Scalars['ID']['input'];
  sort?: InputMaybe<Scalars['String']['input']>;
};

export type QueryGetWorkspaceArgs = {
  workspace: Scalars['String']['input'];
};

export type QuerySignedDownloadPublicUrlArgs = {
  file: Scalars['ID']['input'];
};

export type QuerySignedDownloadPublicUrlDocArgs = {
  share?: InputMaybe<Scalars['String']['input']>;
  url: Scalars['String']['input'];
};

export type QuerySignedUploadUrlArgs = {
  filename: Scalars['String']['input'];
  filetype: Scalars['String']['input'];
  privat?: InputMaybe<Scalars['ID']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
  size: Scalars['Float']['input'];
  task?: InputMaybe<Scalars['ID']['input']>;
};

export type QuerySuggestPicsArgs = {
  name: Scalars['String']['input'];
  value?: InputMaybe<Scalars['Int']['input']>;
};

export type QueryVerifyAccountArgs = {
  email: Scalars['String']['input'];
  token: Scalars['String']['input'];
};

export type RefreshPayload = {
  __typename?: 'RefreshPayload';
  token: Scalars['String']['output'];
};

export type ReportAnalytics = {
  __typename?: 'ReportAnalytics';
  load: Array<OpenLoad>;
  weeks: Array<AnalyticsWeek>;
};

/** A person a report is about. */
export type ReportMember = {
  __typename?: 'ReportMember';
  firstname: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lastname: Scalars['String']['output'];
  profileImg?: Maybe<Scalars['String']['output']>;
};

export type RingChange = {
  __typename?: 'RingChange';
  ring: VideocallRing;
  seq: Scalars['Float']['output'];
  /** rung (a ring to the subscriber) | ended (a ring the subscriber made or received ended: see ring.state) */
  type: Scalars['String']['output'];
};

/** One item a search found, which the caller may read. */
export type SearchResult = {
  __typename?: 'SearchResult';
  /** The space's colour. */
  color?: Maybe<Scalars['String']['output']>;
  /** When the item was created (a calendar event: when it was made, not when it takes place). */
  createdAt: Scalars['String']['output'];
  /** Plain text around the match (at most 200 characters), never HTML. */
  description?: Maybe<Scalars['String']['output']>;
  /** The doc's emoji, when it has one. */
  emoji?: Maybe<Scalars['String']['output']>;
  /** Where the query matched inside description. */
  highlights: Array<TextRange>;
  /** The task, message, doc, file or calendar event id. */
  id: Scalars['ID']['output'];
  /** The app path that opens the item. */
  link: Scalars['String']['output'];
  /** The space's logo, as Project.logo; null for a private chat's items and for a calendar event. */
  logo?: Maybe<Scalars['String']['output']>;
  /** For messages: the message id (the same as id). */
  messageId?: Maybe<Scalars['ID']['output']>;
  /** For messages: where it was written: project, task, privat or meetingroom. */
  messageType?: Maybe<Scalars['String']['output']>;
  /** The space, or null for a private chat's message or file and for a calendar event. */
  project?: Maybe<Scalars['ID']['output']>;
  projectColor?: Maybe<Scalars['String']['output']>;
  projectLogo?: Maybe<Scalars['String']['output']>;
  projectTitle?: Maybe<Scalars['String']['output']>;
  /** A task's code and name (T-12 Fix the login), a doc's title, a file's name, an event's title, or the name of a message's conversation. */
  title: Scalars['String']['output'];
  /** Where the query matched inside title. */
  titleHighlights: Array<TextRange>;
  /** task, message, doc, file or event. */
  type: Scalars['String']['output'];
};

export type ServerInfo = {
  __typename?: 'ServerInfo';
  name: Scalars['String']['output'];
  publicUrl: Scalars['String']['output'];
  version: Scalars['String']['output'];
};

export type Setting = {
  __typename?: 'Setting';
  active: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  /** A stable key chosen by the client, e.g. notifications.email.tasks. */
  name: Scalars['String']['output'];
  /** A group for the settings screen, e.g. notification or email. */
  type?: Maybe<Scalars['String']['output']>;
};

/** What anyone with the link sees of a shared file (the page at /share/media/<id>). */
export type SharedFile = {
  __typename?: 'SharedFile';
  /** The uploader's first name; null when their account is gone. */
  authorFirstname?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['String']['output'];
  /** Seconds, for videos and audio. */
  duration?: Maybe<Scalars['Float']['output']>;
  height?: Maybe<Scalars['Int']['output']>;
  id: Scalars['ID']['output'];
  /** image, video, Pdf, Word, Xls or unknown (SPEC §5). */
  kind: Scalars['String']['output'];
  name: Scalars['String']['output'];
  size: Scalars['Float']['output'];
  /** The shared 480 px preview of an image; null for other files. */
  thumbnail?: Maybe<Scalars['String']['output']>;
  /** The mime type the bytes are served with. */
  type: Scalars['String']['output'];
  /** The bytes, at /media/files/<id>/shared. */
  url: Scalars['String']['output'];
  width?: Maybe<Scalars['Int']['output']>;
};

export type SignUpResult = {
  __typename?: 'SignUpResult';
  email: Scalars['String']['output'];
  /** The new session when verificationRequired is false (the session cookies are set too); null otherwise. */
  session?: Maybe<AuthPayload>;
  /** True when the account is usable once the mailed link is followed; false when the sign-up came from the invitation link mailed to this address, which proved it. */
  verificationRequired: Scalars['Boolean']['output'];
};

/** Where to PUT a file's bytes (SPEC calls the URL original), and what to give setFile afterwards. */
export type SignedUpload = {
  __typename?: 'SignedUpload';
  /** Pass to setFile as code: the recorded File's id, known before the bytes go (so a client can match the file's live echo to its upload). */
  code: Scalars['ID']['output'];
  /** The URL takes bytes until then; setFile must follow within 6 hours of signing. */
  expiresAt: Scalars['String']['output'];
  /** Headers to send with the bytes, exactly. */
  headers: Scalars['JSON']['output'];
  /** Pass to setFile as location. */
  key: Scalars['String']['output'];
  /** Always PUT. */
  method: Scalars['String']['output'];
  original: Scalars['String']['output'];
  size: Scalars['Float']['output'];
};

export type SocialAuthPayload = {
  __typename?: 'SocialAuthPayload';
  /** True when this sign-in created the account. */
  isNew: Scalars['Boolean']['output'];
  token: Scalars['String']['output'];
  user: User;
};

export type Standup = {
  __typename?: 'Standup';
  date: Scalars['String']['output'];
  members: Array<StandupMember>;
  project?: Maybe<Scalars['ID']['output']>;
  team: Scalars['ID']['output'];
  timeZone: Scalars['String']['output'];
};

/** A space's standup posted to its channel each chosen weekday at a local time (set by those who manage the space). */
export type StandupChannel = {
  __typename?: 'StandupChannel';
  /** Whether the caller may change the schedule. */
  canManage: Scalars['Boolean']['output'];
  enabled: Scalars['Boolean']['output'];
  /** The language entries are written in: that of the admin who set the schedule. */
  language: Scalars['String']['output'];
  /** The local date of the last standup posted (or passed over with nothing to report); null before the first. */
  lastPostedDate?: Maybe<Scalars['String']['output']>;
  project: Scalars['ID']['output'];
  setAt: Scalars['String']['output'];
  /** Who set the schedule last; the entries are posted under their name. */
  setBy: Scalars['ID']['output'];
  /** Local time of day, HH:MM (24-hour clock). */
  time: Scalars['String']['output'];
  /** The IANA time zone the time is read in (Europe/Madrid). */
  timeZone: Scalars['String']['output'];
  /** ISO weekdays it is posted on: 1 is Monday, 7 is Sunday. */
  weekdays: Array<Scalars['Int']['output']>;
};

export type StandupDay = {
  __typename?: 'StandupDay';
  /** YYYY-MM-DD in the report's time zone. */
  date: Scalars['String']['output'];
  spaces: Array<StandupSpace>;
};

/** One thing a person did to a task on a standup's day. */
export type StandupLine = {
  __typename?: 'StandupLine';
  /** The first time it happened that day. */
  at: Scalars['String']['output'];
  idCode: Scalars['String']['output'];
  /** finished, moved, created, commented or edited. */
  kind: Scalars['String']['output'];
  /** The app path that opens the task. */
  link: Scalars['String']['output'];
  name: Scalars['String']['output'];
  task: Scalars['ID']['output'];
};

export type StandupMember = {
  __typename?: 'StandupMember';
  /** The day before the chosen day, then the chosen day. */
  days: Array<StandupDay>;
  overdue: Array<StandupTask>;
  user: ReportMember;
};

export type StandupSpace = {
  __typename?: 'StandupSpace';
  color?: Maybe<Scalars['String']['output']>;
  lines: Array<StandupLine>;
  name: Scalars['String']['output'];
  project: Scalars['ID']['output'];
};

/** An assigned task whose deadline day is before the standup's day and is not in a done section. */
export type StandupTask = {
  __typename?: 'StandupTask';
  deadline: Scalars['String']['output'];
  idCode: Scalars['String']['output'];
  link: Scalars['String']['output'];
  name: Scalars['String']['output'];
  project: Scalars['ID']['output'];
  projectName: Scalars['String']['output'];
  task: Scalars['ID']['output'];
};

/** A team's storage and who is around (SPEC §3 Stats, §9 quotas). */
export type Stats = {
  __typename?: 'Stats';
  /** Members of the team online now (a live connection, not away) among those the caller may see (a guest: the people they share a space with). */
  active: Scalars['Int']['output'];
  /** Members of the team online but away now, among those the caller may see. */
  away: Scalars['Int']['output'];
  /** Seconds of sound and video the team keeps: File.duration summed over its files (recordings, stories, uploaded videos and audio). */
  duration: Scalars['Float']['output'];
  files: Scalars['Int']['output'];
  plan: Scalars['String']['output'];
  /** Bytes the team's files take. */
  storage: Scalars['Float']['output'];
  /** The plan's quota in bytes; null when unlimited. */
  storageLimit?: Maybe<Scalars['Float']['output']>;
  team: Scalars['ID']['output'];
  /** A single file must be smaller than this (SPEC §9 upload-allowed helper). */
  uploadLimit: Scalars['Float']['output'];
};

export type Subscription = {
  __typename?: 'Subscription';
  /**
   * Runs a writing tool (SPEC §9 actions: shorter, longer, improveWriting, fixSpelling, simplify, summarize, translate,
   * changeTone, continue) on text and streams the result, in the caller's current team. language (SPEC §9 English names)
   * is required for translate, tone for changeTone. context: optional surrounding text (e.g. the doc before the selection
   * for continue). Completing the subscription from the client (stop, closing the preview) aborts the upstream request.
   */
  aiWriting: AiWritingChunk;
  /** The caller's conversations in their current team as they change (in this tab or another): new, renamed, asked in, deleted. */
  subAiConversations: AiConversationChange;
  /** The answers of one of the caller's conversations as they are written: each delta, then the recorded end. */
  subAiMessage: AiStreamEvent;
  /** The subscriber's rings in their current team: rings to them (rung) and the end of every ring they make or receive (ended). */
  subCalls: RingChange;
  /** Live changes to a space's docs. */
  subDoc: DocChange;
  /** Changes to events the subscriber can see in their current team (and imported ones of their calendars). */
  subEvent: EventChange;
  /** Changes to the files of one space, task or private chat; ends when the caller loses access. */
  subFile: FileChange;
  /** Changes to a space's folders. */
  subFolder: FolderChange;
  /** Members of the room: guests arriving and their state changes. */
  subInvited: InvitedChange;
  /** The guest itself: its state changes (admitted, refused, removed). */
  subInvitedBasic: InvitedChange;
  /** The rooms of the subscriber's current team they may use, live: new rooms, calls started and finished, who came or went. */
  subMeetingrooms: MeetingroomChange;
  /**
   * Changes of one conversation the caller may read (a meeting room's admitted guest: that room's; it
   * completes once the guest is removed).
   */
  subMessage: MessageChange;
  /** The caller's own notification changes in their current team, with the unread count after each. */
  subNotification: NotificationChange;
  /** Presence changes in the caller's current team. */
  subPresence: Presence;
  /** The caller's private chat list changes (new message → lastMessage and unread, rename, membership). */
  subPrivat: PrivatChange;
  /** Spaces of the caller's current team (as it is when subscribing: subscribe again after switchTeam) created, edited, deleted or changing members, as far as the caller may see them. */
  subProject: ProjectChange;
  /** Live messages and reads: of the caller's own conversation (person omitted) or, for the support team, of one person's (person) or of every conversation (all: true). */
  subSupport: SupportLiveEvent;
  /** Changes to a space's board as the caller may see them; ends when the caller loses access to the space. */
  subTask: TaskChange;
  /** Changes to the teams the caller belongs to; user, if given, must be the caller. */
  subTeam: TeamChange;
  /** The caller's own account changes; with team, profile changes of that team's members. */
  subUser: User;
  /**
   * The call as the attendee (the caller's, from joinVideocall) lives it: participants joined, left and
   * their states, and signals addressed to it. Opening it makes the attendee present; its end (closed,
   * socket gone) makes it leave. Ends for a guest who is removed.
   */
  subVideocall: VideocallChange;
};

export type SubscriptionAiWritingArgs = {
  action: Scalars['String']['input'];
  context?: InputMaybe<Scalars['String']['input']>;
  language?: InputMaybe<Scalars['String']['input']>;
  text: Scalars['String']['input'];
  tone?: InputMaybe<Scalars['String']['input']>;
};

export type SubscriptionSubAiMessageArgs = {
  aiconversation: Scalars['ID']['input'];
};

export type SubscriptionSubDocArgs = {
  project: Scalars['ID']['input'];
};

export type SubscriptionSubFileArgs = {
  privat?: InputMaybe<Scalars['ID']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
  task?: InputMaybe<Scalars['ID']['input']>;
};

export type SubscriptionSubFolderArgs = {
  project: Scalars['ID']['input'];
};

export type SubscriptionSubInvitedArgs = {
  meetingroom: Scalars['ID']['input'];
};

export type SubscriptionSubInvitedBasicArgs = {
  id: Scalars['ID']['input'];
};

export type SubscriptionSubMessageArgs = {
  meetingroom?: InputMaybe<Scalars['ID']['input']>;
  privat?: InputMaybe<Scalars['ID']['input']>;
  project?: InputMaybe<Scalars['ID']['input']>;
  task?: InputMaybe<Scalars['ID']['input']>;
};

export type SubscriptionSubSupportArgs = {
  all?: InputMaybe<Scalars['Boolean']['input']>;
  person?: InputMaybe<Scalars['ID']['input']>;
};

export type SubscriptionSubTaskArgs = {
  project: Scalars['ID']['input'];
};

export type SubscriptionSubTeamArgs = {
  user?: InputMaybe<Scalars['ID']['input']>;
};

export type SubscriptionSubUserArgs = {
  team?: InputMaybe<Scalars['ID']['input']>;
};

export type SubscriptionSubVideocallArgs = {
  attendee: Scalars['ID']['input'];
  videocall: Scalars['ID']['input'];
};

export type SubscriptionPlan = {
  __typename?: 'SubscriptionPlan';
  /** current | upgrade | downgrade | trial | contact (business: contact sales) — what the button does */
  action: Scalars['String']['output'];
  description: Scalars['String']['output'];
  /** feature keys (shared), labels in the locales */
  features: Array<Scalars['String']['output']>;
  hasActiveSubscription: Scalars['Boolean']['output'];
  /** the plan key: free | trial | basic | unlimited | business */
  id: Scalars['ID']['output'];
  isCurrent: Scalars['Boolean']['output'];
  name: Scalars['String']['output'];
  order: Scalars['Int']['output'];
  /** user (per seat) | team */
  payment: Scalars['String']['output'];
  price: SubscriptionPrice;
  productId: Scalars['String']['output'];
  /** null here; setCheckout gives the checkout address */
  url?: Maybe<Scalars['String']['output']>;
};

export type SubscriptionPrice = {
  __typename?: 'SubscriptionPrice';
  currency: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** month | year | lifetime */
  interval: Scalars['String']['output'];
  isUnlimited: Scalars['Boolean']['output'];
  nickname: Scalars['String']['output'];
  /** cents per seat per interval */
  unitAmount: Scalars['Int']['output'];
};

/** What the support pages need to know of the viewer. */
export type SupportAccess = {
  __typename?: 'SupportAccess';
  /** For the support team: the inbox's unread messages; 0 for everyone else. */
  inboxUnread: Scalars['Int']['output'];
  /** The viewer is an instance administrator: they see the inbox and the feedback received. */
  supportTeam: Scalars['Boolean']['output'];
  /** The viewer's unread answers in their own conversation. */
  unread: Scalars['Int']['output'];
};

export type SupportConversation = {
  __typename?: 'SupportConversation';
  hasMore: Scalars['Boolean']['output'];
  /** The newest messages, oldest first. */
  messages: Array<SupportMessage>;
  /** Null until the first message. */
  thread?: Maybe<SupportThread>;
};

export type SupportFeedback = {
  __typename?: 'SupportFeedback';
  /** Null when the account is gone. */
  author?: Maybe<SupportPerson>;
  createdAt: Scalars['String']['output'];
  hasScreenshot: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  /** idea | problem | praise */
  kind: Scalars['String']['output'];
  message: Scalars['String']['output'];
  /** The path of the page the person was on when they wrote, or null. */
  page?: Maybe<Scalars['String']['output']>;
  /** The screenshot as an image data URL; only getSupportFeedback carries it (the list would be too heavy). */
  screenshot?: Maybe<Scalars['String']['output']>;
};

export type SupportInbox = {
  __typename?: 'SupportInbox';
  /** The most recently active conversations first. */
  threads: Array<SupportThread>;
  /** Messages people wrote that no administrator has read, over every conversation. */
  unread: Scalars['Int']['output'];
};

export type SupportLiveEvent = {
  __typename?: 'SupportLiveEvent';
  /** For the support team: the inbox's unread messages; 0 for everyone else. */
  inboxUnread: Scalars['Int']['output'];
  /** The message posted (support.messagePosted). */
  message?: Maybe<SupportMessage>;
  /** The log position of the event. */
  seq: Scalars['Int']['output'];
  thread: SupportThread;
  /** support.messagePosted | support.threadRead */
  type: Scalars['String']['output'];
};

export type SupportMessage = {
  __typename?: 'SupportMessage';
  /** Null when the account is gone. */
  author?: Maybe<MessageAuthor>;
  /** Markdown source; the client renders it sanitised. */
  body: Scalars['String']['output'];
  createdAt: Scalars['String']['output'];
  /** Written by the support team (an instance administrator), not by the conversation's person. */
  fromSupport: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  /** The conversation: its person's id. */
  thread: Scalars['ID']['output'];
};

/** Someone who wrote feedback or a support conversation's person, as the support team sees them. */
export type SupportPerson = {
  __typename?: 'SupportPerson';
  email: Scalars['String']['output'];
  firstname: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lastname: Scalars['String']['output'];
  profileImg?: Maybe<Scalars['String']['output']>;
};

export type SupportThread = {
  __typename?: 'SupportThread';
  /** The conversation's person's id: one conversation per person. */
  id: Scalars['ID']['output'];
  lastMessage?: Maybe<SupportMessage>;
  person?: Maybe<SupportPerson>;
  /** Messages of the other side the viewer's side has not read (the person's, or the support team's). */
  unread: Scalars['Int']['output'];
  updatedAt: Scalars['String']['output'];
};

/** A tag, or a sprint when isSprint; both belong to one space. */
export type Tag = {
  __typename?: 'Tag';
  color: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  isSprint: Scalars['Boolean']['output'];
  name: Scalars['String']['output'];
  project: Scalars['ID']['output'];
};

export type Task = {
  __typename?: 'Task';
  author?: Maybe<UserBasic>;
  /** Whether the caller may delete it: its author, a space admin or a team admin. */
  canDelete: Scalars['Boolean']['output'];
  /** Whether the caller may edit the task (members of its space; a public space must be joined first). */
  canEdit: Scalars['Boolean']['output'];
  /** One of the 12 task colours (SPEC §9). */
  color: Scalars['String']['output'];
  /** An image path (/media/...): a bundled cover, or an image file of this task (/media/files/<id>, its File.url); or an Unsplash image URL. */
  cover?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['String']['output'];
  /** A date (2025-06-15) or a UTC date-time (2025-06-15T15:00:00.000Z). */
  deadline?: Maybe<Scalars['String']['output']>;
  /** Rich text as Tiptap (ProseMirror) JSON: a doc node; null when empty. */
  description?: Maybe<Scalars['JSON']['output']>;
  /** The task's files (uploaded to it), newest first; they move with the task to another space. */
  files: Array<File>;
  /** Followers; assignees always follow. */
  followers: Array<UserBasic>;
  id: Scalars['ID']['output'];
  /** The space's prefix and the task's number there, e.g. ENG-42; a task moved to another space gets a new one. */
  idCode: Scalars['String']['output'];
  isFollowing: Scalars['Boolean']['output'];
  lastMessage?: Maybe<Message>;
  /** The estimate. */
  length?: Maybe<TaskLength>;
  /** The single character on the task's badge: the one chosen, or the name's first letter. */
  letter: Scalars['String']['output'];
  name: Scalars['String']['output'];
  /** The parent task's id when this is a subtask. */
  parentTask?: Maybe<Scalars['ID']['output']>;
  positionAsignee: Scalars['Float']['output'];
  positionDuedate: Scalars['Float']['output'];
  /** Fractional positions: in its section, in the due-date list and in the assignee list. */
  positionSection: Scalars['Float']['output'];
  /** 0 low, 1 normal, 2 high, 3 urgent. */
  priority: Scalars['Int']['output'];
  project: Scalars['ID']['output'];
  /** Where the task opens in the app: /<project>/tasks/d/<task>. */
  route: Scalars['String']['output'];
  sprint?: Maybe<Tag>;
  /** The id of the task's section. */
  state: Scalars['ID']['output'];
  stateProject: ProjectState;
  tags: Array<Tag>;
  unread: Scalars['Int']['output'];
  /** When anything about the task last changed (its chat will count too once chat lands). */
  updated: Scalars['String']['output'];
  updatedAt: Scalars['String']['output'];
  /** Assignees. */
  users: Array<UserBasic>;
};

export type TaskActivity = {
  __typename?: 'TaskActivity';
  actor?: Maybe<UserBasic>;
  changes: Array<TaskFieldChange>;
  createdAt: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** task.created, task.updated, task.moved, task.followed or task.unfollowed */
  type: Scalars['String']['output'];
};

export type TaskActivityPage = {
  __typename?: 'TaskActivityPage';
  entries: Array<TaskActivity>;
  /** Pass as after for the next (older) page; null on the last page. */
  nextCursor?: Maybe<Scalars['String']['output']>;
};

/** A change on a space's board. Upsert task by id when present; drop the card when task is null for a task change. */
export type TaskChange = {
  __typename?: 'TaskChange';
  /** For state.deleted: the section its tasks went to (see positions). */
  moveTo?: Maybe<Scalars['ID']['output']>;
  /** For tasks.respaced and state.deleted: the field (positionSection, ...) the positions are for. */
  positionField?: Maybe<Scalars['String']['output']>;
  positions?: Maybe<Array<TaskPosition>>;
  project: Scalars['ID']['output'];
  /** The change's place in the log: strictly increasing, so a client can tell what it missed. */
  seq: Scalars['Float']['output'];
  stateId?: Maybe<Scalars['ID']['output']>;
  /** For section changes: the space's sections now. */
  states?: Maybe<Array<ProjectState>>;
  tagId?: Maybe<Scalars['ID']['output']>;
  /** For tag changes: the space's tags now. */
  tags?: Maybe<Array<Tag>>;
  /** The task as it is now in this space; null when it was deleted or moved to another space. */
  task?: Maybe<Task>;
  taskId?: Maybe<Scalars['ID']['output']>;
  /** task.created, task.updated, task.moved, task.deleted, task.followed, task.unfollowed, task.files (a file was added to or removed from the task), state.created, state.updated, state.deleted, states.reordered, tag.created, tag.updated, tag.deleted, tasks.respaced, board.created */
  type: Scalars['String']['output'];
};

export type TaskFieldChange = {
  __typename?: 'TaskFieldChange';
  /** name, stateId, assigneeIds, tagIds, deadline, project, idCode, followers, ... */
  field: Scalars['String']['output'];
  from?: Maybe<Scalars['JSON']['output']>;
  to?: Maybe<Scalars['JSON']['output']>;
};

export type TaskLength = {
  __typename?: 'TaskLength';
  amount: Scalars['Float']['output'];
  /** minutes, hours, days or weeks */
  unit: Scalars['String']['output'];
};

export type TaskLengthInput = {
  amount: Scalars['Float']['input'];
  /** minutes, hours, days or weeks */
  unit: Scalars['String']['input'];
};

export type TaskPosition = {
  __typename?: 'TaskPosition';
  id: Scalars['ID']['output'];
  position: Scalars['Float']['output'];
};

export type Team = {
  __typename?: 'Team';
  createdAt: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** Pending invitations by e-mail; only admins see them. */
  invited: Array<TeamInvitation>;
  /** Whether this is the caller's current (default) team. */
  isDefault: Scalars['Boolean']['output'];
  lifetimes: Scalars['Int']['output'];
  /** A /media/... image path, or null. */
  logo?: Maybe<Scalars['String']['output']>;
  /** Members (not guests) whose roles count in full on this plan; null when unlimited. */
  memberLimit?: Maybe<Scalars['Int']['output']>;
  name: Scalars['String']['output'];
  planState: Scalars['String']['output'];
  /** The caller's effective role: admin, basic or guest. Members beyond the plan's member limit act as basic. */
  role?: Maybe<Scalars['String']['output']>;
  /** The team's notification defaults (admin notifications and e-mails); a member's own setting wins over them. */
  settings: Array<Setting>;
  /** Bytes of files stored by the team. */
  storage: Scalars['Float']['output'];
  /** The plan: free, trial, basic, unlimited or business. */
  subscription: Scalars['String']['output'];
  /** The custom URL: a lowercase slug of 3 to 48 letters, digits and hyphens, unique among teams. */
  url?: Maybe<Scalars['String']['output']>;
  /** Ids of the members (guests see only themselves). */
  users: Array<Scalars['ID']['output']>;
};

export type TeamChange = {
  __typename?: 'TeamChange';
  /** The team as the subscriber now sees it; null when they are no longer in it. */
  team?: Maybe<Team>;
  teamId: Scalars['ID']['output'];
  /** The event type, e.g. team.updated, team.member_added, team.member_removed. */
  type: Scalars['String']['output'];
  /** The member the change is about, if any. */
  userId?: Maybe<Scalars['ID']['output']>;
};

export type TeamData = {
  __typename?: 'TeamData';
  logo?: Maybe<Scalars['String']['output']>;
  name: Scalars['String']['output'];
};

export type TeamInvitation = {
  __typename?: 'TeamInvitation';
  createdAt: Scalars['String']['output'];
  email: Scalars['String']['output'];
  expiresAt: Scalars['String']['output'];
  firstname?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  inviter: Scalars['ID']['output'];
  lastname?: Maybe<Scalars['String']['output']>;
  /** The invitation link, only when the server has no mail server configured, so an admin can pass it on by hand; null otherwise. */
  link?: Maybe<Scalars['String']['output']>;
  profileImg?: Maybe<Scalars['String']['output']>;
  /** The space they join with the team (a guest's only space). */
  project?: Maybe<Scalars['ID']['output']>;
  /** The role the person gets on joining: admin, basic or guest. */
  role: Scalars['String']['output'];
  /** pending, accepted, replaced (a newer invitation to the same address, or resent) or revoked (withdrawn by an admin). */
  state: Scalars['String']['output'];
};

export type TeamReport = {
  __typename?: 'TeamReport';
  /** Project analytics over the same range (SPEC §6: business plan only; other plans get PERMISSION_DENIED, reason ANALYTICS_PLAN_REQUIRED). */
  analytics: ReportAnalytics;
  enddate: Scalars['String']['output'];
  /** The spaces asked for; null for every space the caller may read. */
  projects?: Maybe<Array<Scalars['ID']['output']>>;
  startdate: Scalars['String']['output'];
  team: Scalars['ID']['output'];
  teamTasks: Array<TeamTaskCount>;
};

/** One member's work in one space over a report's range. */
export type TeamTaskCount = {
  __typename?: 'TeamTaskCount';
  comments: Scalars['Int']['output'];
  created: Scalars['Int']['output'];
  finished: Scalars['Int']['output'];
  moved: Scalars['Int']['output'];
  project: Scalars['ID']['output'];
  projectColor?: Maybe<Scalars['String']['output']>;
  projectName: Scalars['String']['output'];
  user: ReportMember;
};

export type TeamUpdate = {
  __typename?: 'TeamUpdate';
  /** True when the custom URL changed: the caller's session was ended and the next request must sign in again (SPEC §4). */
  signInRequired: Scalars['Boolean']['output'];
  team: Team;
};

/** A stretch of a text, in UTF-16 code units as JavaScript strings count them. */
export type TextRange = {
  __typename?: 'TextRange';
  length: Scalars['Int']['output'];
  start: Scalars['Int']['output'];
};

export type User = {
  __typename?: 'User';
  createdAt: Scalars['String']['output'];
  currency: Scalars['String']['output'];
  description?: Maybe<Scalars['String']['output']>;
  email: Scalars['String']['output'];
  firstname: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  language: Scalars['String']['output'];
  lastname: Scalars['String']['output'];
  logged: Scalars['Boolean']['output'];
  profileImg?: Maybe<Scalars['String']['output']>;
  rate?: Maybe<Scalars['Int']['output']>;
  resume?: Maybe<Scalars['String']['output']>;
  role?: Maybe<Scalars['String']['output']>;
  /** The user's own settings; empty when reading someone else. */
  settings: Array<Setting>;
};

export type UserBasic = {
  __typename?: 'UserBasic';
  firstname: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lastname: Scalars['String']['output'];
  profileImg?: Maybe<Scalars['String']['output']>;
};

export type Videocall = {
  __typename?: 'Videocall';
  /** The caller's attendee: from joinVideocall, the one it just made; elsewhere the caller's newest present one, or null. */
  attendee?: Maybe<VideocallAttendee>;
  createdAt: Scalars['String']['output'];
  /** Set once the last participant left. */
  finishedAt?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  meeting: VideocallMeeting;
  meetingroom?: Maybe<Scalars['ID']['output']>;
  name: Scalars['String']['output'];
  privat?: Maybe<Scalars['ID']['output']>;
  project?: Maybe<Scalars['ID']['output']>;
  /** The call's running recording, or null. */
  recording?: Maybe<VideocallRecording>;
  task?: Maybe<Scalars['ID']['output']>;
  updatedAt: Scalars['String']['output'];
  /** Who is in the call now. */
  users: Array<MeetingParticipant>;
};

/** The caller's own participation in a call (one per joinVideocall). */
export type VideocallAttendee = {
  __typename?: 'VideocallAttendee';
  /** The user id of a member, invited:<id> for a guest (LiveKit's identity). */
  externalUserId: Scalars['String']['output'];
  /** The participant id others see (MeetingParticipant.id); subVideocall and signalVideocall take it. */
  id: Scalars['ID']['output'];
  /** LiveKit only: an access token for meeting.url (identity = this attendee id, room = the call id), valid 10 minutes to connect; null in mesh mode. */
  joinToken?: Maybe<Scalars['String']['output']>;
};

/** Something that happened in a call, delivered to its participants only. */
export type VideocallChange = {
  __typename?: 'VideocallChange';
  /** For signal: the sender's attendee id. */
  from?: Maybe<Scalars['ID']['output']>;
  /** For joined, left and state: the participant (with its state). */
  participant?: Maybe<MeetingParticipant>;
  /** For state: a reaction emoji sent with it (not kept). */
  reaction?: Maybe<Scalars['String']['output']>;
  /** For recording: the recording that started (active true) or stopped, was saved or failed (active false). */
  recording?: Maybe<VideocallRecording>;
  /** For signal: the JSON text of an offer, answer or ICE candidate, addressed to the subscriber's attendee. */
  signal?: Maybe<Scalars['String']['output']>;
  /** joined | left | state | signal | recording | finished */
  type: Scalars['String']['output'];
  videocall: Scalars['ID']['output'];
};

/** Where a call's media goes. transport: mesh (peer-to-peer, signalled by signalVideocall) or livekit (url is the LiveKit server). */
export type VideocallMeeting = {
  __typename?: 'VideocallMeeting';
  /** RTCIceServer entries (urls, username, credential) for RTCPeerConnection. */
  iceServers: Scalars['JSON']['output'];
  /** Most participants of a mesh call; null with LiveKit. */
  maximum?: Maybe<Scalars['Int']['output']>;
  transport: Scalars['String']['output'];
  url?: Maybe<Scalars['String']['output']>;
};

/**
 * A recording of a call (startRecording). transport livekit: LiveKit egress records the room on the media server;
 * mesh: the browser of attendee records and uploads the file to files when it stops.
 */
export type VideocallRecording = {
  __typename?: 'VideocallRecording';
  /** True while it records (status recording). */
  active: Scalars['Boolean']['output'];
  /** The attendee whose browser records it (mesh), the one who started it (LiveKit). */
  attendee: Scalars['ID']['output'];
  createdAt: Scalars['String']['output'];
  /** What stopRecording takes as pipelineId (the LiveKit egress id with LiveKit). */
  id: Scalars['ID']['output'];
  /** The member who started it. */
  startedBy: Scalars['ID']['output'];
  startedByName: Scalars['String']['output'];
  /** recording | stopped | saved | failed (saved and failed: LiveKit egress ended, with or without a file). */
  status: Scalars['String']['output'];
  stoppedAt?: Maybe<Scalars['String']['output']>;
  /** mesh | livekit */
  transport: Scalars['String']['output'];
  videocall: Scalars['ID']['output'];
};

/**
 * A ring: a member calling another into a call in the app (ringVideocall). notificationType: INVITATION_PVIDEOCALL
 * (a private chat's call), INVITATION_TVIDEOCALL (a space's call), INVITATION_MEETINGROOM (an ad hoc room).
 * state: ringing | accepted | declined | cancelled (the caller hung up first) | missed (nobody answered in time).
 */
export type VideocallRing = {
  __typename?: 'VideocallRing';
  /** Who is rung (user id). */
  callee: Scalars['ID']['output'];
  /** Who rings (user id), their name and picture. */
  caller: Scalars['ID']['output'];
  callerName: Scalars['String']['output'];
  callerProfileImg?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['String']['output'];
  endedAt?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** The call's place: a room (null for a private chat), its space, or the private chat. */
  meetingroom?: Maybe<Scalars['ID']['output']>;
  notificationType: Scalars['String']['output'];
  privat?: Maybe<Scalars['ID']['output']>;
  project?: Maybe<Scalars['ID']['output']>;
  state: Scalars['String']['output'];
  videocall: Scalars['ID']['output'];
};

/** A collaborative document of a space. Its content is not here: it lives in the Yjs room at room. */
export type Wall = {
  __typename?: 'Wall';
  author: Scalars['ID']['output'];
  /** Whether the caller may edit the content and fields. */
  canEdit: Scalars['Boolean']['output'];
  /** Whether the caller may share, unshare and delete the doc (its author, or who manages the space). */
  canManage: Scalars['Boolean']['output'];
  /** An image path (/media/...) or an Unsplash image URL. */
  cover?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['String']['output'];
  description?: Maybe<Scalars['String']['output']>;
  /** The same page without the app's chrome, for an iframe, while shared. */
  embed?: Maybe<Scalars['String']['output']>;
  emoji?: Maybe<Scalars['String']['output']>;
  /** A folder of type doc, or null at the space's top level. */
  folder?: Maybe<Scalars['ID']['output']>;
  id: Scalars['ID']['output'];
  /** When the server last stored an edit of the content; null for a doc nobody has typed in. */
  lastSavedAt?: Maybe<Scalars['String']['output']>;
  project: Scalars['ID']['output'];
  /** The y-websocket room path: the provider connects to ws(s)://<host><room>, with the session cookie or ?token=. */
  room: Scalars['String']['output'];
  /** The public read-only page (/share/doc/<link secret>) while shared; a new secret each time sharing is turned on. */
  shareUrl?: Maybe<Scalars['String']['output']>;
  /** Whether the doc can be read by anyone holding its public link. */
  shared: Scalars['Boolean']['output'];
  title: Scalars['String']['output'];
  /** When the fields or (recorded at most every 30 s per person) the content last changed. */
  updatedAt: Scalars['String']['output'];
};

export type WallPage = {
  __typename?: 'WallPage';
  /** How many docs match (for paging), counted within what the caller may see. */
  total: Scalars['Int']['output'];
  walls: Array<Wall>;
};

export type ResolverTypeWrapper<T> = Promise<T> | T;

export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<
  TResult,
  TParent = Record<PropertyKey, never>,
  TContext = Record<PropertyKey, never>,
  TArgs = Record<PropertyKey, never>,
> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs> | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<
  TResult,
  TKey extends string,
  TParent = Record<PropertyKey, never>,
  TContext = Record<PropertyKey, never>,
  TArgs = Record<PropertyKey, never>,
> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo,
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  obj: T,
  context: TContext,
  info: GraphQLResolveInfo,
) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<
  TResult = Record<PropertyKey, never>,
  TParent = Record<PropertyKey, never>,
  TContext = Record<PropertyKey, never>,
  TArgs = Record<PropertyKey, never>,
> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => TResult | Promise<TResult>;

/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  ActivityEntry: ResolverTypeWrapper<ResolvedPart<ActivityEntry>>;
  String: ResolverTypeWrapper<ResolvedPart<Scalars['String']['output']>>;
  ID: ResolverTypeWrapper<ResolvedPart<Scalars['ID']['output']>>;
  ActivityPage: ResolverTypeWrapper<ResolvedPart<ActivityPage>>;
  AiCitation: ResolverTypeWrapper<ResolvedPart<AiCitation>>;
  AiConversation: ResolverTypeWrapper<ResolvedPart<AiConversation>>;
  AiConversationChange: ResolverTypeWrapper<ResolvedPart<AiConversationChange>>;
  Float: ResolverTypeWrapper<ResolvedPart<Scalars['Float']['output']>>;
  AiLimits: ResolverTypeWrapper<ResolvedPart<AiLimits>>;
  Int: ResolverTypeWrapper<ResolvedPart<Scalars['Int']['output']>>;
  AiMemberUsage: ResolverTypeWrapper<ResolvedPart<AiMemberUsage>>;
  AiMessage: ResolverTypeWrapper<ResolvedPart<AiMessage>>;
  AiStatus: ResolverTypeWrapper<ResolvedPart<AiStatus>>;
  Boolean: ResolverTypeWrapper<ResolvedPart<Scalars['Boolean']['output']>>;
  AiStreamEvent: ResolverTypeWrapper<ResolvedPart<AiStreamEvent>>;
  AiUsage: ResolverTypeWrapper<ResolvedPart<AiUsage>>;
  AiWritingChunk: ResolverTypeWrapper<ResolvedPart<AiWritingChunk>>;
  AnalyticsWeek: ResolverTypeWrapper<ResolvedPart<AnalyticsWeek>>;
  ApiToken: ResolverTypeWrapper<ResolvedPart<ApiToken>>;
  AuthPayload: ResolverTypeWrapper<SessionPayload>;
  AwayLine: ResolverTypeWrapper<ResolvedPart<AwayLine>>;
  AwaySummary: ResolverTypeWrapper<ResolvedPart<AwaySummary>>;
  Billing: ResolverTypeWrapper<ResolvedPart<Billing>>;
  BillingCode: ResolverTypeWrapper<ResolvedPart<BillingCode>>;
  BillingInvoice: ResolverTypeWrapper<ResolvedPart<BillingInvoice>>;
  Calendar: ResolverTypeWrapper<PresentedCalendar>;
  CalendarAccount: ResolverTypeWrapper<ResolvedPart<Omit<CalendarAccount, 'calendars'> & { calendars: Array<ResolversTypes['Calendar']> }>>;
  CalendarEntry: ResolverTypeWrapper<ResolvedPart<Omit<CalendarEntry, 'calendar'> & { calendar?: Maybe<ResolversTypes['Calendar']> }>>;
  CalendarFeed: ResolverTypeWrapper<ResolvedPart<CalendarFeed>>;
  CalendarSyncInput: ResolverTypeWrapper<ResolvedPart<CalendarSyncInput>>;
  CalendarTask: ResolverTypeWrapper<ResolvedPart<CalendarTask>>;
  CheckoutAnswer: ResolverTypeWrapper<ResolvedPart<CheckoutAnswer>>;
  ClientSettings: ResolverTypeWrapper<ResolvedPart<ClientSettings>>;
  ContactSalesAnswer: ResolverTypeWrapper<ResolvedPart<ContactSalesAnswer>>;
  DocChange: ResolverTypeWrapper<ResolvedPart<Omit<DocChange, 'doc'> & { doc?: Maybe<ResolversTypes['Wall']> }>>;
  Event: ResolverTypeWrapper<PresentedEvent>;
  EventChange: ResolverTypeWrapper<ResolvedPart<Omit<EventChange, 'value'> & { value?: Maybe<ResolversTypes['Event']> }>>;
  EventPerson: ResolverTypeWrapper<ResolvedPart<EventPerson>>;
  File: ResolverTypeWrapper<PresentedFile>;
  FileChange: ResolverTypeWrapper<ResolvedPart<Omit<FileChange, 'file'> & { file?: Maybe<ResolversTypes['File']> }>>;
  Folder: ResolverTypeWrapper<PresentedFolder>;
  FolderChange: ResolverTypeWrapper<ResolvedPart<Omit<FolderChange, 'folder'> & { folder?: Maybe<ResolversTypes['Folder']> }>>;
  Invited: ResolverTypeWrapper<ResolvedPart<Invited>>;
  InvitedChange: ResolverTypeWrapper<ResolvedPart<InvitedChange>>;
  InvitedPass: ResolverTypeWrapper<ResolvedPart<InvitedPass>>;
  JSON: ResolverTypeWrapper<ResolvedPart<Scalars['JSON']['output']>>;
  MeetingParticipant: ResolverTypeWrapper<ResolvedPart<MeetingParticipant>>;
  Meetingroom: ResolverTypeWrapper<ResolvedPart<Omit<Meetingroom, 'lastMessage'> & { lastMessage?: Maybe<ResolversTypes['Message']> }>>;
  MeetingroomChange: ResolverTypeWrapper<
    ResolvedPart<Omit<MeetingroomChange, 'meetingroom'> & { meetingroom: ResolversTypes['Meetingroom'] }>
  >;
  Message: ResolverTypeWrapper<PresentedMessage>;
  MessageAuthor: ResolverTypeWrapper<ResolvedPart<MessageAuthor>>;
  MessageChange: ResolverTypeWrapper<ResolvedPart<Omit<MessageChange, 'message'> & { message?: Maybe<ResolversTypes['Message']> }>>;
  MessageFile: ResolverTypeWrapper<ResolvedPart<MessageFile>>;
  MessageGuest: ResolverTypeWrapper<ResolvedPart<MessageGuest>>;
  MessageHistory: ResolverTypeWrapper<ResolvedPart<MessageHistory>>;
  MessageQuote: ResolverTypeWrapper<ResolvedPart<MessageQuote>>;
  MessageReaction: ResolverTypeWrapper<ResolvedPart<MessageReaction>>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  NewApiToken: ResolverTypeWrapper<ResolvedPart<NewApiToken>>;
  Notification: ResolverTypeWrapper<PresentedNotification>;
  NotificationChange: ResolverTypeWrapper<
    ResolvedPart<Omit<NotificationChange, 'notification'> & { notification?: Maybe<ResolversTypes['Notification']> }>
  >;
  NotificationPage: ResolverTypeWrapper<
    ResolvedPart<Omit<NotificationPage, 'notifications'> & { notifications: Array<ResolversTypes['Notification']> }>
  >;
  OpenLoad: ResolverTypeWrapper<ResolvedPart<OpenLoad>>;
  Pic: ResolverTypeWrapper<ResolvedPart<Pic>>;
  Presence: ResolverTypeWrapper<ResolvedPart<Presence>>;
  Privat: ResolverTypeWrapper<ResolvedPart<Omit<Privat, 'lastMessage'> & { lastMessage?: Maybe<ResolversTypes['Message']> }>>;
  PrivatChange: ResolverTypeWrapper<ResolvedPart<Omit<PrivatChange, 'privat'> & { privat?: Maybe<ResolversTypes['Privat']> }>>;
  PrivatMember: ResolverTypeWrapper<ResolvedPart<PrivatMember>>;
  Project: ResolverTypeWrapper<PresentedSpace>;
  ProjectChange: ResolverTypeWrapper<ResolvedPart<Omit<ProjectChange, 'project'> & { project?: Maybe<ResolversTypes['Project']> }>>;
  ProjectState: ResolverTypeWrapper<ResolvedPart<ProjectState>>;
  ProjectUser: ResolverTypeWrapper<ResolvedPart<ProjectUser>>;
  PublicWall: ResolverTypeWrapper<ResolvedPart<PublicWall>>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  RefreshPayload: ResolverTypeWrapper<ResolvedPart<RefreshPayload>>;
  ReportAnalytics: ResolverTypeWrapper<ResolvedPart<ReportAnalytics>>;
  ReportMember: ResolverTypeWrapper<ResolvedPart<ReportMember>>;
  RingChange: ResolverTypeWrapper<ResolvedPart<RingChange>>;
  SearchResult: ResolverTypeWrapper<ResolvedPart<SearchResult>>;
  ServerInfo: ResolverTypeWrapper<ResolvedPart<ServerInfo>>;
  Setting: ResolverTypeWrapper<ResolvedPart<Setting>>;
  SharedFile: ResolverTypeWrapper<ResolvedPart<SharedFile>>;
  SignUpResult: ResolverTypeWrapper<ResolvedPart<Omit<SignUpResult, 'session'> & { session?: Maybe<ResolversTypes['AuthPayload']> }>>;
  SignedUpload: ResolverTypeWrapper<ResolvedPart<SignedUpload>>;
  SocialAuthPayload: ResolverTypeWrapper<ResolvedPart<SocialAuthPayload>>;
  Standup: ResolverTypeWrapper<ResolvedPart<Standup>>;
  StandupChannel: ResolverTypeWrapper<ResolvedPart<StandupChannel>>;
  StandupDay: ResolverTypeWrapper<ResolvedPart<StandupDay>>;
  StandupLine: ResolverTypeWrapper<ResolvedPart<StandupLine>>;
  StandupMember: ResolverTypeWrapper<ResolvedPart<StandupMember>>;
  StandupSpace: ResolverTypeWrapper<ResolvedPart<StandupSpace>>;
  StandupTask: ResolverTypeWrapper<ResolvedPart<StandupTask>>;
  Stats: ResolverTypeWrapper<ResolvedPart<Stats>>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  SubscriptionPlan: ResolverTypeWrapper<ResolvedPart<SubscriptionPlan>>;
  SubscriptionPrice: ResolverTypeWrapper<ResolvedPart<SubscriptionPrice>>;
  SupportAccess: ResolverTypeWrapper<ResolvedPart<SupportAccess>>;
  SupportConversation: ResolverTypeWrapper<ResolvedPart<SupportConversation>>;
  SupportFeedback: ResolverTypeWrapper<ResolvedPart<SupportFeedback>>;
  SupportInbox: ResolverTypeWrapper<ResolvedPart<SupportInbox>>;
  SupportLiveEvent: ResolverTypeWrapper<ResolvedPart<SupportLiveEvent>>;
  SupportMessage: ResolverTypeWrapper<ResolvedPart<SupportMessage>>;
  SupportPerson: ResolverTypeWrapper<ResolvedPart<SupportPerson>>;
  SupportThread: ResolverTypeWrapper<ResolvedPart<SupportThread>>;
  Tag: ResolverTypeWrapper<ResolvedPart<Tag>>;
  Task: ResolverTypeWrapper<PresentedTask>;
  TaskActivity: ResolverTypeWrapper<ResolvedPart<TaskActivity>>;
  TaskActivityPage: ResolverTypeWrapper<ResolvedPart<TaskActivityPage>>;
  TaskChange: ResolverTypeWrapper<ResolvedPart<Omit<TaskChange, 'task'> & { task?: Maybe<ResolversTypes['Task']> }>>;
  TaskFieldChange: ResolverTypeWrapper<ResolvedPart<TaskFieldChange>>;
  TaskLength: ResolverTypeWrapper<ResolvedPart<TaskLength>>;
  TaskLengthInput: ResolverTypeWrapper<ResolvedPart<TaskLengthInput>>;
  TaskPosition: ResolverTypeWrapper<ResolvedPart<TaskPosition>>;
  Team: ResolverTypeWrapper<PresentedTeam>;
  TeamChange: ResolverTypeWrapper<ResolvedPart<Omit<TeamChange, 'team'> & { team?: Maybe<ResolversTypes['Team']> }>>;
  TeamData: ResolverTypeWrapper<ResolvedPart<TeamData>>;
  TeamInvitation: ResolverTypeWrapper<PresentedInvitation>;
  TeamReport: ResolverTypeWrapper<ResolvedPart<TeamReport>>;
  TeamTaskCount: ResolverTypeWrapper<ResolvedPart<TeamTaskCount>>;
  TeamUpdate: ResolverTypeWrapper<ResolvedPart<Omit<TeamUpdate, 'team'> & { team: ResolversTypes['Team'] }>>;
  TextRange: ResolverTypeWrapper<ResolvedPart<TextRange>>;
  User: ResolverTypeWrapper<ResolvedPart<User>>;
  UserBasic: ResolverTypeWrapper<ResolvedPart<UserBasic>>;
  Videocall: ResolverTypeWrapper<ResolvedPart<Videocall>>;
  VideocallAttendee: ResolverTypeWrapper<ResolvedPart<VideocallAttendee>>;
  VideocallChange: ResolverTypeWrapper<ResolvedPart<VideocallChange>>;
  VideocallMeeting: ResolverTypeWrapper<ResolvedPart<VideocallMeeting>>;
  VideocallRecording: ResolverTypeWrapper<ResolvedPart<VideocallRecording>>;
  VideocallRing: ResolverTypeWrapper<ResolvedPart<VideocallRing>>;
  Wall: ResolverTypeWrapper<PresentedDoc>;
  WallPage: ResolverTypeWrapper<ResolvedPart<Omit<WallPage, 'walls'> & { walls: Array<ResolversTypes['Wall']> }>>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  ActivityEntry: ResolvedPart<ActivityEntry>;
  String: ResolvedPart<Scalars['String']['output']>;
  ID: ResolvedPart<Scalars['ID']['output']>;
  ActivityPage: ResolvedPart<ActivityPage>;
  AiCitation: ResolvedPart<AiCitation>;
  AiConversation: ResolvedPart<AiConversation>;
  AiConversationChange: ResolvedPart<AiConversationChange>;
  Float: ResolvedPart<Scalars['Float']['output']>;
  AiLimits: ResolvedPart<AiLimits>;
  Int: ResolvedPart<Scalars['Int']['output']>;
  AiMemberUsage: ResolvedPart<AiMemberUsage>;
  AiMessage: ResolvedPart<AiMessage>;
  AiStatus: ResolvedPart<AiStatus>;
  Boolean: ResolvedPart<Scalars['Boolean']['output']>;
  AiStreamEvent: ResolvedPart<AiStreamEvent>;
  AiUsage: ResolvedPart<AiUsage>;
  AiWritingChunk: ResolvedPart<AiWritingChunk>;
  AnalyticsWeek: ResolvedPart<AnalyticsWeek>;
  ApiToken: ResolvedPart<ApiToken>;
  AuthPayload: SessionPayload;
  AwayLine: ResolvedPart<AwayLine>;
  AwaySummary: ResolvedPart<AwaySummary>;
  Billing: ResolvedPart<Billing>;
  BillingCode: ResolvedPart<BillingCode>;
  BillingInvoice: ResolvedPart<BillingInvoice>;
  Calendar: PresentedCalendar;
  CalendarAccount: ResolvedPart<Omit<CalendarAccount, 'calendars'> & { calendars: Array<ResolversParentTypes['Calendar']> }>;
  CalendarEntry: ResolvedPart<Omit<CalendarEntry, 'calendar'> & { calendar?: Maybe<ResolversParentTypes['Calendar']> }>;
  CalendarFeed: ResolvedPart<CalendarFeed>;
  CalendarSyncInput: ResolvedPart<CalendarSyncInput>;
  CalendarTask: ResolvedPart<CalendarTask>;
  CheckoutAnswer: ResolvedPart<CheckoutAnswer>;
  ClientSettings: ResolvedPart<ClientSettings>;
  ContactSalesAnswer: ResolvedPart<ContactSalesAnswer>;
  DocChange: ResolvedPart<Omit<DocChange, 'doc'> & { doc?: Maybe<ResolversParentTypes['Wall']> }>;
  Event: PresentedEvent;
  EventChange: ResolvedPart<Omit<EventChange, 'value'> & { value?: Maybe<ResolversParentTypes['Event']> }>;
  EventPerson: ResolvedPart<EventPerson>;
  File: PresentedFile;
  FileChange: ResolvedPart<Omit<FileChange, 'file'> & { file?: Maybe<ResolversParentTypes['File']> }>;
  Folder: PresentedFolder;
  FolderChange: ResolvedPart<Omit<FolderChange, 'folder'> & { folder?: Maybe<ResolversParentTypes['Folder']> }>;
  Invited: ResolvedPart<Invited>;
  InvitedChange: ResolvedPart<InvitedChange>;
  InvitedPass: ResolvedPart<InvitedPass>;
  JSON: ResolvedPart<Scalars['JSON']['output']>;
  MeetingParticipant: ResolvedPart<MeetingParticipant>;
  Meetingroom: ResolvedPart<Omit<Meetingroom, 'lastMessage'> & { lastMessage?: Maybe<ResolversParentTypes['Message']> }>;
  MeetingroomChange: ResolvedPart<Omit<MeetingroomChange, 'meetingroom'> & { meetingroom: ResolversParentTypes['Meetingroom'] }>;
  Message: PresentedMessage;
  MessageAuthor: ResolvedPart<MessageAuthor>;
  MessageChange: ResolvedPart<Omit<MessageChange, 'message'> & { message?: Maybe<ResolversParentTypes['Message']> }>;
  MessageFile: ResolvedPart<MessageFile>;
  MessageGuest: ResolvedPart<MessageGuest>;
  MessageHistory: ResolvedPart<MessageHistory>;
  MessageQuote: ResolvedPart<MessageQuote>;
  MessageReaction: ResolvedPart<MessageReaction>;
  Mutation: Record<PropertyKey, never>;
  NewApiToken: ResolvedPart<NewApiToken>;
  Notification: PresentedNotification;
  NotificationChange: ResolvedPart<
    Omit<NotificationChange, 'notification'> & { notification?: Maybe<ResolversParentTypes['Notification']> }
  >;
  NotificationPage: ResolvedPart<Omit<NotificationPage, 'notifications'> & { notifications: Array<ResolversParentTypes['Notification']> }>;
  OpenLoad: ResolvedPart<OpenLoad>;
  Pic: ResolvedPart<Pic>;
  Presence: ResolvedPart<Presence>;
  Privat: ResolvedPart<Omit<Privat, 'lastMessage'> & { lastMessage?: Maybe<ResolversParentTypes['Message']> }>;
  PrivatChange: ResolvedPart<Omit<PrivatChange, 'privat'> & { privat?: Maybe<ResolversParentTypes['Privat']> }>;
  PrivatMember: ResolvedPart<PrivatMember>;
  Project: PresentedSpace;
  ProjectChange: ResolvedPart<Omit<ProjectChange, 'project'> & { project?: Maybe<ResolversParentTypes['Project']> }>;
  ProjectState: ResolvedPart<ProjectState>;
  ProjectUser: ResolvedPart<ProjectUser>;
  PublicWall: ResolvedPart<PublicWall>;
  Query: Record<PropertyKey, never>;
  RefreshPayload: ResolvedPart<RefreshPayload>;
  ReportAnalytics: ResolvedPart<ReportAnalytics>;
  ReportMember: ResolvedPart<ReportMember>;
  RingChange: ResolvedPart<RingChange>;
  SearchResult: ResolvedPart<SearchResult>;
  ServerInfo: ResolvedPart<ServerInfo>;
  Setting: ResolvedPart<Setting>;
  SharedFile: ResolvedPart<SharedFile>;
  SignUpResult: ResolvedPart<Omit<SignUpResult, 'session'> & { session?: Maybe<ResolversParentTypes['AuthPayload']> }>;
  SignedUpload: ResolvedPart<SignedUpload>;
  SocialAuthPayload: ResolvedPart<SocialAuthPayload>;
  Standup: ResolvedPart<Standup>;
  StandupChannel: ResolvedPart<StandupChannel>;
  StandupDay: ResolvedPart<StandupDay>;
  StandupLine: ResolvedPart<StandupLine>;
  StandupMember: ResolvedPart<StandupMember>;
  StandupSpace: ResolvedPart<StandupSpace>;
  StandupTask: ResolvedPart<StandupTask>;
  Stats: ResolvedPart<Stats>;
  Subscription: Record<PropertyKey, never>;
  SubscriptionPlan: ResolvedPart<SubscriptionPlan>;
  SubscriptionPrice: ResolvedPart<SubscriptionPrice>;
  SupportAccess: ResolvedPart<SupportAccess>;
  SupportConversation: ResolvedPart<SupportConversation>;
  SupportFeedback: ResolvedPart<SupportFeedback>;
  SupportInbox: ResolvedPart<SupportInbox>;
  SupportLiveEvent: ResolvedPart<SupportLiveEvent>;
  SupportMessage: ResolvedPart<SupportMessage>;
  SupportPerson: ResolvedPart<SupportPerson>;
  SupportThread: ResolvedPart<SupportThread>;
  Tag: ResolvedPart<Tag>;
  Task: PresentedTask;
  TaskActivity: ResolvedPart<TaskActivity>;
  TaskActivityPage: ResolvedPart<TaskActivityPage>;
  TaskChange: ResolvedPart<Omit<TaskChange, 'task'> & { task?: Maybe<ResolversParentTypes['Task']> }>;
  TaskFieldChange: ResolvedPart<TaskFieldChange>;
  TaskLength: ResolvedPart<TaskLength>;
  TaskLengthInput: ResolvedPart<TaskLengthInput>;
  TaskPosition: ResolvedPart<TaskPosition>;
  Team: PresentedTeam;
  TeamChange: ResolvedPart<Omit<TeamChange, 'team'> & { team?: Maybe<ResolversParentTypes['Team']> }>;
  TeamData: ResolvedPart<TeamData>;
  TeamInvitation: PresentedInvitation;
  TeamReport: ResolvedPart<TeamReport>;
  TeamTaskCount: ResolvedPart<TeamTaskCount>;
  TeamUpdate: ResolvedPart<Omit<TeamUpdate, 'team'> & { team: ResolversParentTypes['Team'] }>;
  TextRange: ResolvedPart<TextRange>;
  User: ResolvedPart<User>;
  UserBasic: ResolvedPart<UserBasic>;
  Videocall: ResolvedPart<Videocall>;
  VideocallAttendee: ResolvedPart<VideocallAttendee>;
  VideocallChange: ResolvedPart<VideocallChange>;
  VideocallMeeting: ResolvedPart<VideocallMeeting>;
  VideocallRecording: ResolvedPart<VideocallRecording>;
  VideocallRing: ResolvedPart<VideocallRing>;
  Wall: PresentedDoc;
  WallPage: ResolvedPart<Omit<WallPage, 'walls'> & { walls: Array<ResolversParentTypes['Wall']> }>;
};

export type ActivityEntryResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['ActivityEntry'] = ResolversParentTypes['ActivityEntry'],
> = {
  actor?: Resolver<Maybe<ResolversTypes['UserBasic']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  details?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  subject?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ActivityPageResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['ActivityPage'] = ResolversParentTypes['ActivityPage'],
> = {
  entries?: Resolver<Array<ResolversTypes['ActivityEntry']>, ParentType, ContextType>;
  nextCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type AiCitationResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['AiCitation'] = ResolversParentTypes['AiCitation'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  link?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  project?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AiConversationResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['AiConversation'] = ResolversParentTypes['AiConversation'],
> = {
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastMessage?: Resolver<Maybe<ResolversTypes['AiMessage']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AiConversationChangeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['AiConversationChange'] = ResolversParentTypes['AiConversationChange'],
> = {
  aiconversation?: Resolver<Maybe<ResolversTypes['AiConversation']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AiLimitsResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['AiLimits'] = ResolversParentTypes['AiLimits'],
> = {
  requestsPerMinute?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tokensPerDay?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type AiMemberUsageResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['AiMemberUsage'] = ResolversParentTypes['AiMemberUsage'],
> = {
  firstname?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastname?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  requestsToday?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tokensThisMonth?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tokensToday?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  user?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type AiMessageResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['AiMessage'] = ResolversParentTypes['AiMessage'],
> = {
  aiconversation?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  body?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  citations?: Resolver<Array<ResolversTypes['AiCitation']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  mode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  persona?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  state?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AiStatusResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['AiStatus'] = ResolversParentTypes['AiStatus'],
> = {
  configured?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  maxPromptBytes?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  model?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  writingModel?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type AiStreamEventResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['AiStreamEvent'] = ResolversParentTypes['AiStreamEvent'],
> = {
  delta?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['AiMessage'], ParentType, ContextType>;
};

export type AiUsageResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['AiUsage'] = ResolversParentTypes['AiUsage'],
> = {
  limits?: Resolver<ResolversTypes['AiLimits'], ParentType, ContextType>;
  members?: Resolver<Array<ResolversTypes['AiMemberUsage']>, ParentType, ContextType>;
  tokensToday?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type AiWritingChunkResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['AiWritingChunk'] = ResolversParentTypes['AiWritingChunk'],
> = {
  delta?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  done?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type AnalyticsWeekResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['AnalyticsWeek'] = ResolversParentTypes['AnalyticsWeek'],
> = {
  created?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  finished?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  medianCycleHours?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  week?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ApiTokenResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['ApiToken'] = ResolversParentTypes['ApiToken'],
> = {
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUsedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  prefix?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AuthPayloadResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['AuthPayload'] = ResolversParentTypes['AuthPayload'],
> = {
  team?: Resolver<Maybe<ResolversTypes['Team']>, ParentType, ContextType>;
  token?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  user?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
};

export type AwayLineResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['AwayLine'] = ResolversParentTypes['AwayLine'],
> = {
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  item?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  project?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  route?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AwaySummaryResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['AwaySummary'] = ResolversParentTypes['AwaySummary'],
> = {
  lines?: Resolver<Array<ResolversTypes['AwayLine']>, ParentType, ContextType>;
  since?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type BillingResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Billing'] = ResolversParentTypes['Billing'],
> = {
  codes?: Resolver<Array<ResolversTypes['BillingCode']>, ParentType, ContextType>;
  credit?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  creditCurrency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currentPeriodEnd?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  instanceAdministrator?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  invoices?: Resolver<Array<ResolversTypes['BillingInvoice']>, ParentType, ContextType>;
  lifetimes?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  managedBy?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  period?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  price?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  seats?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  seatsAssigned?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  seatsAvailable?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  state?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  team?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  trialEnd?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  trialUsed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type BillingCodeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['BillingCode'] = ResolversParentTypes['BillingCode'],
> = {
  amount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currency?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  plan?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  redeemedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type BillingInvoiceResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['BillingInvoice'] = ResolversParentTypes['BillingInvoice'],
> = {
  amount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  number?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  state?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  ticket?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type CalendarResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Calendar'] = ResolversParentTypes['Calendar'],
> = {
  account?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  backgroundColor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  calendarId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  default?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  selected?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  summary?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  synced?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type CalendarAccountResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['CalendarAccount'] = ResolversParentTypes['CalendarAccount'],
> = {
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  calendars?: Resolver<Array<ResolversTypes['Calendar']>, ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  feature?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastSyncedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  picture?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  serverUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CalendarEntryResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['CalendarEntry'] = ResolversParentTypes['CalendarEntry'],
> = {
  allDay?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  calendar?: Resolver<Maybe<ResolversTypes['Calendar']>, ParentType, ContextType>;
  color?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  editable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  end?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  event?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  location?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  meet?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  myResponse?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  occurrence?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  recurring?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  start?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CalendarFeedResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['CalendarFeed'] = ResolversParentTypes['CalendarFeed'],
> = {
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  createdAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  url?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type CalendarTaskResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['CalendarTask'] = ResolversParentTypes['CalendarTask'],
> = {
  deadline?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  done?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  project?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  projectColor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  projectTitle?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  state?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type CheckoutAnswerResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['CheckoutAnswer'] = ResolversParentTypes['CheckoutAnswer'],
> = {
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ClientSettingsResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['ClientSettings'] = ResolversParentTypes['ClientSettings'],
> = {
  analyticsClientKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  desktopAppUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  mobileAppUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  salesEmail?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tagManagerId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ContactSalesAnswerResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['ContactSalesAnswer'] = ResolversParentTypes['ContactSalesAnswer'],
> = {
  ok?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type DocChangeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['DocChange'] = ResolversParentTypes['DocChange'],
> = {
  doc?: Resolver<Maybe<ResolversTypes['Wall']>, ParentType, ContextType>;
  docId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  project?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  userId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type EventResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Event'] = ResolversParentTypes['Event'],
> = {
  allDay?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  author?: Resolver<ResolversTypes['EventPerson'], ParentType, ContextType>;
  calendar?: Resolver<Maybe<ResolversTypes['Calendar']>, ParentType, ContextType>;
  count?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  editable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  endDate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  guests?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  invitationLink?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  location?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  meet?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  myResponse?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  recurring?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  rrule?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  startDate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  timeZone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  until?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  usersAccepted?: Resolver<Array<ResolversTypes['EventPerson']>, ParentType, ContextType>;
  usersInvited?: Resolver<Array<ResolversTypes['EventPerson']>, ParentType, ContextType>;
  usersRejected?: Resolver<Array<ResolversTypes['EventPerson']>, ParentType, ContextType>;
};

export type EventChangeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['EventChange'] = ResolversParentTypes['EventChange'],
> = {
  event?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  value?: Resolver<Maybe<ResolversTypes['Event']>, ParentType, ContextType>;
};

export type EventPersonResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['EventPerson'] = ResolversParentTypes['EventPerson'],
> = {
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  profileImg?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  response?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  user?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type FileResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['File'] = ResolversParentTypes['File'],
> = {
  author?: Resolver<Maybe<ResolversTypes['UserBasic']>, ParentType, ContextType>;
  base64?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  canDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  canEdit?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  category?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  duration?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  folder?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  height?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  location?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  privat?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  project?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  shared?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  sharedUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  size?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  story?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  task?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  thumbnail?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  width?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type FileChangeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['FileChange'] = ResolversParentTypes['FileChange'],
> = {
  file?: Resolver<Maybe<ResolversTypes['File']>, ParentType, ContextType>;
  fileId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type FolderResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Folder'] = ResolversParentTypes['Folder'],
> = {
  author?: Resolver<Maybe<ResolversTypes['UserBasic']>, ParentType, ContextType>;
  canEdit?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  path?: Resolver<Array<ResolversTypes['Folder']>, ParentType, ContextType>;
  project?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  upfolder?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type FolderChangeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['FolderChange'] = ResolversParentTypes['FolderChange'],
> = {
  folder?: Resolver<Maybe<ResolversTypes['Folder']>, ParentType, ContextType>;
  folderId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type InvitedResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Invited'] = ResolversParentTypes['Invited'],
> = {
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  meetingroom?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  state?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type InvitedChangeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['InvitedChange'] = ResolversParentTypes['InvitedChange'],
> = {
  invited?: Resolver<ResolversTypes['Invited'], ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type InvitedPassResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['InvitedPass'] = ResolversParentTypes['InvitedPass'],
> = {
  credential?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  invited?: Resolver<ResolversTypes['Invited'], ParentType, ContextType>;
};

export interface JsonScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSON'], any> {
  name: 'JSON';
}

export type MeetingParticipantResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['MeetingParticipant'] = ResolversParentTypes['MeetingParticipant'],
> = {
  audio?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hand?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  invited?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  profileImg?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  screen?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  user?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  video?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type MeetingroomResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Meetingroom'] = ResolversParentTypes['Meetingroom'],
> = {
  author?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  guestLink?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  guestLinkExpiresAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastMessage?: Resolver<Maybe<ResolversTypes['Message']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  notesDoc?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  participants?: Resolver<Array<ResolversTypes['MeetingParticipant']>, ParentType, ContextType>;
  project?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  team?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  unread?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  updated?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  videocall?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type MeetingroomChangeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['MeetingroomChange'] = ResolversParentTypes['MeetingroomChange'],
> = {
  meetingroom?: Resolver<ResolversTypes['Meetingroom'], ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type MessageResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Message'] = ResolversParentTypes['Message'],
> = {
  author?: Resolver<Maybe<ResolversTypes['MessageAuthor']>, ParentType, ContextType>;
  authorGuest?: Resolver<Maybe<ResolversTypes['MessageGuest']>, ParentType, ContextType>;
  body?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  canDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  canEdit?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  clientId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  editedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  file?: Resolver<Maybe<ResolversTypes['MessageFile']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  meetingroom?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  mentions?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  privat?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  project?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  reactions?: Resolver<Array<ResolversTypes['MessageReaction']>, ParentType, ContextType>;
  replyTo?: Resolver<Maybe<ResolversTypes['MessageQuote']>, ParentType, ContextType>;
  task?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type MessageAuthorResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['MessageAuthor'] = ResolversParentTypes['MessageAuthor'],
> = {
  firstname?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastname?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  profileImg?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type MessageChangeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['MessageChange'] = ResolversParentTypes['MessageChange'],
> = {
  guest?: Resolver<Maybe<ResolversTypes['MessageGuest']>, ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['Message']>, ParentType, ContextType>;
  messageId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  user?: Resolver<Maybe<ResolversTypes['MessageAuthor']>, ParentType, ContextType>;
};

export type MessageFileResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['MessageFile'] = ResolversParentTypes['MessageFile'],
> = {
  category?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  duration?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  height?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  size?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  thumbnail?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  width?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type MessageGuestResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['MessageGuest'] = ResolversParentTypes['MessageGuest'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type MessageHistoryResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['MessageHistory'] = ResolversParentTypes['MessageHistory'],
> = {
  days?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  hidden?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  plan?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type MessageQuoteResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['MessageQuote'] = ResolversParentTypes['MessageQuote'],
> = {
  author?: Resolver<Maybe<ResolversTypes['MessageAuthor']>, ParentType, ContextType>;
  authorGuest?: Resolver<Maybe<ResolversTypes['MessageGuest']>, ParentType, ContextType>;
  body?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type MessageReactionResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['MessageReaction'] = ResolversParentTypes['MessageReaction'],
> = {
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  emoji?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  users?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type MutationResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation'],
> = {
  addUserTeam?: Resolver<ResolversTypes['Team'], ParentType, ContextType, RequireFields<MutationAddUserTeamArgs, 'email' | 'id'>>;
  answerVideocall?: Resolver<
    ResolversTypes['Boolean'],
    ParentType,
    ContextType,
    RequireFields<MutationAnswerVideocallArgs, 'accept' | 'videocall'>
  >;
  cancelSubscription?: Resolver<ResolversTypes['Billing'], ParentType, ContextType, RequireFields<MutationCancelSubscriptionArgs, 'team'>>;
  cancelUpload?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationCancelUploadArgs, 'code'>>;
  createApiToken?: Resolver<ResolversTypes['NewApiToken'], ParentType, ContextType, RequireFields<MutationCreateApiTokenArgs, 'name'>>;
  createState?: Resolver<
    ResolversTypes['ProjectState'],
    ParentType,
    ContextType,
    RequireFields<MutationCreateStateArgs, 'project' | 'value'>
  >;
  delAiConversation?: Resolver<ResolversTypes['ID'], ParentType, ContextType, RequireFields<MutationDelAiConversationArgs, 'id'>>;
  delAiMessage?: Resolver<ResolversTypes['ID'], ParentType, ContextType, RequireFields<MutationDelAiMessageArgs, 'id'>>;
  delEvent?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDelEventArgs, 'id'>>;
  delFile?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDelFileArgs, 'id'>>;
  delFolder?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDelFolderArgs, 'id'>>;
  delMessage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDelMessageArgs, 'id'>>;
  delProject?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDelProjectArgs, 'id'>>;
  delTag?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDelTagArgs, 'id'>>;
  delTask?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDelTaskArgs, 'task'>>;
  delWorkspace?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDelWorkspaceArgs, 'id'>>;
  deleteState?: Resolver<Array<ResolversTypes['ProjectState']>, ParentType, ContextType, RequireFields<MutationDeleteStateArgs, 'id'>>;
  duplicateTask?: Resolver<ResolversTypes['Task'], ParentType, ContextType, RequireFields<MutationDuplicateTaskArgs, 'id'>>;
  ediAiConversation?: Resolver<
    ResolversTypes['AiConversation'],
    ParentType,
    ContextType,
    RequireFields<MutationEdiAiConversationArgs, 'id' | 'name'>
  >;
  ediEvent?: Resolver<ResolversTypes['Event'], ParentType, ContextType, RequireFields<MutationEdiEventArgs, 'id'>>;
  ediFile?: Resolver<ResolversTypes['File'], ParentType, ContextType, RequireFields<MutationEdiFileArgs, 'id'>>;
  ediFolder?: Resolver<ResolversTypes['Folder'], ParentType, ContextType, RequireFields<MutationEdiFolderArgs, 'id'>>;
  ediInvited?: Resolver<ResolversTypes['Invited'], ParentType, ContextType, RequireFields<MutationEdiInvitedArgs, 'id' | 'state'>>;
  ediMessage?: Resolver<ResolversTypes['Message'], ParentType, ContextType, RequireFields<MutationEdiMessageArgs, 'body' | 'id'>>;
  ediPrivat?: Resolver<ResolversTypes['Privat'], ParentType, ContextType, RequireFields<MutationEdiPrivatArgs, 'id'>>;
  ediProject?: Resolver<ResolversTypes['Project'], ParentType, ContextType, RequireFields<MutationEdiProjectArgs, 'id'>>;
  ediProjectBasic?: Resolver<ResolversTypes['Project'], ParentType, ContextType, RequireFields<MutationEdiProjectBasicArgs, 'id'>>;
  ediTag?: Resolver<ResolversTypes['Tag'], ParentType, ContextType, RequireFields<MutationEdiTagArgs, 'id'>>;
  ediTask?: Resolver<ResolversTypes['Task'], ParentType, ContextType, RequireFields<MutationEdiTaskArgs, 'id'>>;
  ediUser?: Resolver<ResolversTypes['User'], ParentType, ContextType, Partial<MutationEdiUserArgs>>;
  ediUserBasic?: Resolver<
    ResolversTypes['User'],
    ParentType,
    ContextType,
    RequireFields<MutationEdiUserBasicArgs, 'email' | 'firstname' | 'lastname' | 'password'>
  >;
  ediUserLanguage?: Resolver<
    ResolversTypes['User'],
    ParentType,
    ContextType,
    RequireFields<MutationEdiUserLanguageArgs, 'id' | 'language'>
  >;
  followTask?: Resolver<ResolversTypes['Task'], ParentType, ContextType, RequireFields<MutationFollowTaskArgs, 'id'>>;
  forgotPassword?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationForgotPasswordArgs, 'email'>>;
  initiateMeetingroom?: Resolver<ResolversTypes['Meetingroom'], ParentType, ContextType, Partial<MutationInitiateMeetingroomArgs>>;
  initiateMeetingroomNotes?: Resolver<
    ResolversTypes['Meetingroom'],
    ParentType,
    ContextType,
    RequireFields<MutationInitiateMeetingroomNotesArgs, 'id'>
  >;
  joinProject?: Resolver<ResolversTypes['Project'], ParentType, ContextType, RequireFields<MutationJoinProjectArgs, 'project'>>;
  joinVideocall?: Resolver<ResolversTypes['Videocall'], ParentType, ContextType, Partial<MutationJoinVideocallArgs>>;
  lastViewed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, Partial<MutationLastViewedArgs>>;
  leavePrivat?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationLeavePrivatArgs, 'id'>>;
  leaveTeam?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationLeaveTeamArgs, 'team'>>;
  leaveVideocall?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationLeaveVideocallArgs, 'id'>>;
  login?: Resolver<ResolversTypes['AuthPayload'], ParentType, ContextType, RequireFields<MutationLoginArgs, 'email' | 'password'>>;
  logout?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  manageSubscriptions?: Resolver<
    ResolversTypes['CheckoutAnswer'],
    ParentType,
    ContextType,
    RequireFields<MutationManageSubscriptionsArgs, 'team'>
  >;
  markNotification?: Resolver<
    ResolversTypes['Notification'],
    ParentType,
    ContextType,
    RequireFields<MutationMarkNotificationArgs, 'id' | 'marked'>
  >;
  reactMessage?: Resolver<ResolversTypes['Message'], ParentType, ContextType, RequireFields<MutationReactMessageArgs, 'emoji' | 'id'>>;
  reactivateSubscription?: Resolver<
    ResolversTypes['Billing'],
    ParentType,
    ContextType,
    RequireFields<MutationReactivateSubscriptionArgs, 'team'>
  >;
  readNotifications?: Resolver<ResolversTypes['Int'], ParentType, ContextType, Partial<MutationReadNotificationsArgs>>;
  readSupportThread?: Resolver<ResolversTypes['SupportThread'], ParentType, ContextType, Partial<MutationReadSupportThreadArgs>>;
  refreshToken?: Resolver<ResolversTypes['RefreshPayload'], ParentType, ContextType>;
  removeCalendarAccount?: Resolver<
    ResolversTypes['Boolean'],
    ParentType,
    ContextType,
    RequireFields<MutationRemoveCalendarAccountArgs, 'account'>
  >;
  removeInvitedTeam?: Resolver<
    ResolversTypes['Team'],
    ParentType,
    ContextType,
    RequireFields<MutationRemoveInvitedTeamArgs, 'invited' | 'team'>
  >;
  removeUserTeam?: Resolver<ResolversTypes['Team'], ParentType, ContextType, RequireFields<MutationRemoveUserTeamArgs, 'team' | 'user'>>;
  resendEmail?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationResendEmailArgs, 'email'>>;
  resendInvitedTeam?: Resolver<
    ResolversTypes['Team'],
    ParentType,
    ContextType,
    RequireFields<MutationResendInvitedTeamArgs, 'invited' | 'team'>
  >;
  resetCalendarFeed?: Resolver<ResolversTypes['CalendarFeed'], ParentType, ContextType>;
  resetMeetingroomLink?: Resolver<
    ResolversTypes['Meetingroom'],
    ParentType,
    ContextType,
    RequireFields<MutationResetMeetingroomLinkArgs, 'id'>
  >;
  respondEvent?: Resolver<ResolversTypes['Event'], ParentType, ContextType, RequireFields<MutationRespondEventArgs, 'id' | 'response'>>;
  revokeApiToken?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRevokeApiTokenArgs, 'id'>>;
  revokeCalendarFeed?: Resolver<ResolversTypes['CalendarFeed'], ParentType, ContextType>;
  ringVideocall?: Resolver<
    Array<ResolversTypes['VideocallRing']>,
    ParentType,
    ContextType,
    RequireFields<MutationRingVideocallArgs, 'videocall'>
  >;
  selectCalendar?: Resolver<
    ResolversTypes['Calendar'],
    ParentType,
    ContextType,
    RequireFields<MutationSelectCalendarArgs, 'calendar' | 'selected'>
  >;
  sendEmail?: Resolver<ResolversTypes['ContactSalesAnswer'], ParentType, ContextType, RequireFields<MutationSendEmailArgs, 'message'>>;
  sendFeedback?: Resolver<
    ResolversTypes['SupportFeedback'],
    ParentType,
    ContextType,
    RequireFields<MutationSendFeedbackArgs, 'kind' | 'message'>
  >;
  sendSupportMessage?: Resolver<
    ResolversTypes['SupportMessage'],
    ParentType,
    ContextType,
    RequireFields<MutationSendSupportMessageArgs, 'body'>
  >;
  setAiConversation?: Resolver<
    ResolversTypes['AiConversation'],
    ParentType,
    ContextType,
    RequireFields<MutationSetAiConversationArgs, 'type'>
  >;
  setAiLimits?: Resolver<
    ResolversTypes['AiLimits'],
    ParentType,
    ContextType,
    RequireFields<MutationSetAiLimitsArgs, 'requestsPerMinute' | 'team' | 'tokensPerDay'>
  >;
  setAiMessage?: Resolver<
    Array<ResolversTypes['AiMessage']>,
    ParentType,
    ContextType,
    RequireFields<MutationSetAiMessageArgs, 'aiconversation' | 'body'>
  >;
  setCheckout?: Resolver<
    ResolversTypes['CheckoutAnswer'],
    ParentType,
    ContextType,
    RequireFields<MutationSetCheckoutArgs, 'plan' | 'team' | 'type'>
  >;
  setCode?: Resolver<ResolversTypes['Billing'], ParentType, ContextType, RequireFields<MutationSetCodeArgs, 'code'>>;
  setEvent?: Resolver<
    ResolversTypes['Event'],
    ParentType,
    ContextType,
    RequireFields<MutationSetEventArgs, 'description' | 'endDate' | 'recurring' | 'startDate' | 'title' | 'type'>
  >;
  setFile?: Resolver<
    ResolversTypes['File'],
    ParentType,
    ContextType,
    RequireFields<MutationSetFileArgs, 'code' | 'location' | 'name' | 'size' | 'type'>
  >;
  setFolder?: Resolver<ResolversTypes['Folder'], ParentType, ContextType, RequireFields<MutationSetFolderArgs, 'name' | 'project'>>;
  setIdbrowser?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationSetIdbrowserArgs, 'token'>>;
  setInvited?: Resolver<
    ResolversTypes['InvitedPass'],
    ParentType,
    ContextType,
    RequireFields<MutationSetInvitedArgs, 'link' | 'meetingroom' | 'name'>
  >;
  setMessage?: Resolver<ResolversTypes['Message'], ParentType, ContextType, RequireFields<MutationSetMessageArgs, 'body'>>;
  setPermission?: Resolver<
    ResolversTypes['Project'],
    ParentType,
    ContextType,
    RequireFields<MutationSetPermissionArgs, 'permission' | 'project' | 'user'>
  >;
  setPresence?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationSetPresenceArgs, 'state'>>;
  setPrivat?: Resolver<ResolversTypes['Privat'], ParentType, ContextType, RequireFields<MutationSetPrivatArgs, 'users'>>;
  setProject?: Resolver<ResolversTypes['Project'], ParentType, ContextType, RequireFields<MutationSetProjectArgs, 'name'>>;
  setPromotionCode?: Resolver<
    ResolversTypes['BillingCode'],
    ParentType,
    ContextType,
    RequireFields<MutationSetPromotionCodeArgs, 'code' | 'kind'>
  >;
  setSetting?: Resolver<ResolversTypes['Setting'], ParentType, ContextType, RequireFields<MutationSetSettingArgs, 'active'>>;
  setStandupChannel?: Resolver<
    ResolversTypes['StandupChannel'],
    ParentType,
    ContextType,
    RequireFields<MutationSetStandupChannelArgs, 'enabled' | 'project' | 'time' | 'timeZone' | 'weekdays'>
  >;
  setTag?: Resolver<ResolversTypes['Tag'], ParentType, ContextType, RequireFields<MutationSetTagArgs, 'name' | 'project'>>;
  setTask?: Resolver<ResolversTypes['Task'], ParentType, ContextType, RequireFields<MutationSetTaskArgs, 'name' | 'project'>>;
  setTeam?: Resolver<ResolversTypes['Team'], ParentType, ContextType, RequireFields<MutationSetTeamArgs, 'name'>>;
  setTeamPlan?: Resolver<
    ResolversTypes['Billing'],
    ParentType,
    ContextType,
    RequireFields<MutationSetTeamPlanArgs, 'period' | 'plan' | 'seats' | 'team'>
  >;
  setUserAdmin?: Resolver<
    ResolversTypes['AuthPayload'],
    ParentType,
    ContextType,
    RequireFields<MutationSetUserAdminArgs, 'email' | 'firstname' | 'lastname' | 'password' | 'token'>
  >;
  setUserBasic?: Resolver<
    ResolversTypes['SignUpResult'],
    ParentType,
    ContextType,
    RequireFields<MutationSetUserBasicArgs, 'email' | 'firstname' | 'lastname' | 'password'>
  >;
  setUserGoogle?: Resolver<ResolversTypes['SocialAuthPayload'], ParentType, ContextType, RequireFields<MutationSetUserGoogleArgs, 'token'>>;
  setUserMicrosoft?: Resolver<
    ResolversTypes['SocialAuthPayload'],
    ParentType,
    ContextType,
    RequireFields<MutationSetUserMicrosoftArgs, 'token'>
  >;
  setVideocallState?: Resolver<
    ResolversTypes['Boolean'],
    ParentType,
    ContextType,
    RequireFields<MutationSetVideocallStateArgs, 'attendee' | 'videocall'>
  >;
  setWorkspace?: Resolver<ResolversTypes['Wall'], ParentType, ContextType, RequireFields<MutationSetWorkspaceArgs, 'project' | 'title'>>;
  signalVideocall?: Resolver<
    ResolversTypes['Boolean'],
    ParentType,
    ContextType,
    RequireFields<MutationSignalVideocallArgs, 'from' | 'signal' | 'to' | 'videocall'>
  >;
  startRecording?: Resolver<ResolversTypes['String'], ParentType, ContextType, RequireFields<MutationStartRecordingArgs, 'videocall'>>;
  startTrial?: Resolver<ResolversTypes['Billing'], ParentType, ContextType, RequireFields<MutationStartTrialArgs, 'team'>>;
  stopAiMessage?: Resolver<ResolversTypes['AiMessage'], ParentType, ContextType, RequireFields<MutationStopAiMessageArgs, 'id'>>;
  stopRecording?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationStopRecordingArgs, 'pipelineId'>>;
  switchTeam?: Resolver<ResolversTypes['Team'], ParentType, ContextType, RequireFields<MutationSwitchTeamArgs, 'team'>>;
  syncCalendarAccount?: Resolver<
    ResolversTypes['CalendarAccount'],
    ParentType,
    ContextType,
    RequireFields<MutationSyncCalendarAccountArgs, 'account'>
  >;
  syncFeatureCalendar?: Resolver<
    ResolversTypes['CalendarAccount'],
    ParentType,
    ContextType,
    RequireFields<MutationSyncFeatureCalendarArgs, 'active' | 'feature' | 'sync'>
  >;
  typingMessage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, Partial<MutationTypingMessageArgs>>;
  unfollowTask?: Resolver<ResolversTypes['Task'], ParentType, ContextType, RequireFields<MutationUnfollowTaskArgs, 'id'>>;
  updatePassword?: Resolver<
    ResolversTypes['Boolean'],
    ParentType,
    ContextType,
    RequireFields<MutationUpdatePasswordArgs, 'email' | 'password' | 'token'>
  >;
  updateState?: Resolver<ResolversTypes['ProjectState'], ParentType, ContextType, RequireFields<MutationUpdateStateArgs, 'id'>>;
  updateStates?: Resolver<
    Array<ResolversTypes['ProjectState']>,
    ParentType,
    ContextType,
    RequireFields<MutationUpdateStatesArgs, 'ids' | 'positions'>
  >;
  updateTeam?: Resolver<ResolversTypes['TeamUpdate'], ParentType, ContextType, RequireFields<MutationUpdateTeamArgs, 'team'>>;
  updateWall?: Resolver<ResolversTypes['Wall'], ParentType, ContextType, RequireFields<MutationUpdateWallArgs, 'id'>>;
  visitHome?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type NewApiTokenResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['NewApiToken'] = ResolversParentTypes['NewApiToken'],
> = {
  apiToken?: Resolver<ResolversTypes['ApiToken'], ParentType, ContextType>;
  token?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type NotificationResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Notification'] = ResolversParentTypes['Notification'],
> = {
  author?: Resolver<Maybe<ResolversTypes['UserBasic']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  doc?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  event?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  file?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  marked?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  meetingroom?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  privat?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  project?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  read?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  task?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type NotificationChangeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['NotificationChange'] = ResolversParentTypes['NotificationChange'],
> = {
  notification?: Resolver<Maybe<ResolversTypes['Notification']>, ParentType, ContextType>;
  notificationIds?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  unread?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type NotificationPageResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['NotificationPage'] = ResolversParentTypes['NotificationPage'],
> = {
  hasMore?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  notifications?: Resolver<Array<ResolversTypes['Notification']>, ParentType, ContextType>;
  unread?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type OpenLoadResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['OpenLoad'] = ResolversParentTypes['OpenLoad'],
> = {
  open?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  overdue?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  user?: Resolver<ResolversTypes['ReportMember'], ParentType, ContextType>;
};

export type PicResolvers<ContextType = MercuriusContext, ParentType extends ResolversParentTypes['Pic'] = ResolversParentTypes['Pic']> = {
  author?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  authorUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  img?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PresenceResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Presence'] = ResolversParentTypes['Presence'],
> = {
  state?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  user?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type PrivatResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Privat'] = ResolversParentTypes['Privat'],
> = {
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  inactive?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  lastMessage?: Resolver<Maybe<ResolversTypes['Message']>, ParentType, ContextType>;
  logo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  unread?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  updated?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  users?: Resolver<Array<ResolversTypes['PrivatMember']>, ParentType, ContextType>;
};

export type PrivatChangeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['PrivatChange'] = ResolversParentTypes['PrivatChange'],
> = {
  privat?: Resolver<Maybe<ResolversTypes['Privat']>, ParentType, ContextType>;
  privatId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PrivatMemberResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['PrivatMember'] = ResolversParentTypes['PrivatMember'],
> = {
  firstname?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastname?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  profileImg?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ProjectResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Project'] = ResolversParentTypes['Project'],
> = {
  canManage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  color?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isMember?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isPersonal?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  lastMessage?: Resolver<Maybe<ResolversTypes['Message']>, ParentType, ContextType>;
  logo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  permission?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  requested?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  team?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  unread?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  updated?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  users?: Resolver<Array<ResolversTypes['ProjectUser']>, ParentType, ContextType>;
};

export type ProjectChangeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['ProjectChange'] = ResolversParentTypes['ProjectChange'],
> = {
  member?: Resolver<Maybe<ResolversTypes['ProjectUser']>, ParentType, ContextType>;
  project?: Resolver<Maybe<ResolversTypes['Project']>, ParentType, ContextType>;
  projectId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  userId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type ProjectStateResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['ProjectState'] = ResolversParentTypes['ProjectState'],
> = {
  icon?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  position?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  project?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ProjectUserResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['ProjectUser'] = ResolversParentTypes['ProjectUser'],
> = {
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  firstname?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isAuth?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  lastname?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  permission?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  profileImg?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  role?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PublicWallResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['PublicWall'] = ResolversParentTypes['PublicWall'],
> = {
  cover?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  embed?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  emoji?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  room?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type QueryResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query'],
> = {
  checkEmail?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<QueryCheckEmailArgs, 'email'>>;
  checkSetup?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<QueryCheckSetupArgs, 'token'>>;
  getAiConversations?: Resolver<Array<ResolversTypes['AiConversation']>, ParentType, ContextType>;
  getAiMessages?: Resolver<
    Array<ResolversTypes['AiMessage']>,
    ParentType,
    ContextType,
    RequireFields<QueryGetAiMessagesArgs, 'aiconversation'>
  >;
  getAiStatus?: Resolver<ResolversTypes['AiStatus'], ParentType, ContextType>;
  getAiUsage?: Resolver<ResolversTypes['AiUsage'], ParentType, ContextType, RequireFields<QueryGetAiUsageArgs, 'team'>>;
  getApiTokens?: Resolver<Array<ResolversTypes['ApiToken']>, ParentType, ContextType>;
  getAwaySummary?: Resolver<ResolversTypes['AwaySummary'], ParentType, ContextType>;
  getBilling?: Resolver<ResolversTypes['Billing'], ParentType, ContextType, RequireFields<QueryGetBillingArgs, 'team'>>;
  getCalendarAccounts?: Resolver<Array<ResolversTypes['CalendarAccount']>, ParentType, ContextType>;
  getCalendarFeed?: Resolver<ResolversTypes['CalendarFeed'], ParentType, ContextType>;
  getCalendars?: Resolver<Array<ResolversTypes['Calendar']>, ParentType, ContextType>;
  getClientSettings?: Resolver<ResolversTypes['ClientSettings'], ParentType, ContextType>;
  getEvent?: Resolver<Maybe<ResolversTypes['Event']>, ParentType, ContextType, RequireFields<QueryGetEventArgs, 'id'>>;
  getEvents?: Resolver<Array<ResolversTypes['Event']>, ParentType, ContextType, Partial<QueryGetEventsArgs>>;
  getEventsCalendar?: Resolver<
    Array<ResolversTypes['CalendarEntry']>,
    ParentType,
    ContextType,
    RequireFields<QueryGetEventsCalendarArgs, 'end' | 'start'>
  >;
  getEventsTasks?: Resolver<
    Array<ResolversTypes['CalendarTask']>,
    ParentType,
    ContextType,
    RequireFields<QueryGetEventsTasksArgs, 'end' | 'start'>
  >;
  getFile?: Resolver<ResolversTypes['File'], ParentType, ContextType, RequireFields<QueryGetFileArgs, 'id'>>;
  getFiles?: Resolver<Array<ResolversTypes['File']>, ParentType, ContextType, Partial<QueryGetFilesArgs>>;
  getFolder?: Resolver<ResolversTypes['Folder'], ParentType, ContextType, RequireFields<QueryGetFolderArgs, 'folder'>>;
  getFolders?: Resolver<Array<ResolversTypes['Folder']>, ParentType, ContextType, RequireFields<QueryGetFoldersArgs, 'project'>>;
  getInvited?: Resolver<Array<ResolversTypes['Invited']>, ParentType, ContextType, RequireFields<QueryGetInvitedArgs, 'meetingroom'>>;
  getMeetingrooms?: Resolver<Array<ResolversTypes['Meetingroom']>, ParentType, ContextType, Partial<QueryGetMeetingroomsArgs>>;
  getMessageHistory?: Resolver<ResolversTypes['MessageHistory'], ParentType, ContextType, Partial<QueryGetMessageHistoryArgs>>;
  getMessages?: Resolver<Array<ResolversTypes['Message']>, ParentType, ContextType, Partial<QueryGetMessagesArgs>>;
  getNotifications?: Resolver<ResolversTypes['NotificationPage'], ParentType, ContextType, Partial<QueryGetNotificationsArgs>>;
  getPresence?: Resolver<Array<ResolversTypes['Presence']>, ParentType, ContextType>;
  getPrivats?: Resolver<Array<ResolversTypes['Privat']>, ParentType, ContextType>;
  getProjectBasic?: Resolver<ResolversTypes['Project'], ParentType, ContextType, RequireFields<QueryGetProjectBasicArgs, 'id'>>;
  getProjects?: Resolver<Array<ResolversTypes['Project']>, ParentType, ContextType>;
  getReport?: Resolver<ResolversTypes['TeamReport'], ParentType, ContextType, RequireFields<QueryGetReportArgs, 'enddate' | 'startdate'>>;
  getReports?: Resolver<ResolversTypes['Standup'], ParentType, ContextType, RequireFields<QueryGetReportsArgs, 'date'>>;
  getRings?: Resolver<Array<ResolversTypes['VideocallRing']>, ParentType, ContextType>;
  getSearch?: Resolver<Array<ResolversTypes['SearchResult']>, ParentType, ContextType, RequireFields<QueryGetSearchArgs, 'text'>>;
  getSharedFile?: Resolver<ResolversTypes['SharedFile'], ParentType, ContextType, RequireFields<QueryGetSharedFileArgs, 'id'>>;
  getStandupChannel?: Resolver<
    Maybe<ResolversTypes['StandupChannel']>,
    ParentType,
    ContextType,
    RequireFields<QueryGetStandupChannelArgs, 'project'>
  >;
  getStatesProject?: Resolver<
    Array<ResolversTypes['ProjectState']>,
    ParentType,
    ContextType,
    RequireFields<QueryGetStatesProjectArgs, 'project'>
  >;
  getStats?: Resolver<ResolversTypes['Stats'], ParentType, ContextType, Partial<QueryGetStatsArgs>>;
  getSupportAccess?: Resolver<ResolversTypes['SupportAccess'], ParentType, ContextType>;
  getSupportFeedback?: Resolver<
    ResolversTypes['SupportFeedback'],
    ParentType,
    ContextType,
    RequireFields<QueryGetSupportFeedbackArgs, 'id'>
  >;
  getSupportFeedbacks?: Resolver<Array<ResolversTypes['SupportFeedback']>, ParentType, ContextType>;
  getSupportInbox?: Resolver<ResolversTypes['SupportInbox'], ParentType, ContextType>;
  getSupportThread?: Resolver<ResolversTypes['SupportConversation'], ParentType, ContextType, Partial<QueryGetSupportThreadArgs>>;
  getTags?: Resolver<Array<ResolversTypes['Tag']>, ParentType, ContextType, RequireFields<QueryGetTagsArgs, 'project'>>;
  getTask?: Resolver<ResolversTypes['Task'], ParentType, ContextType, RequireFields<QueryGetTaskArgs, 'id'>>;
  getTaskActivity?: Resolver<ResolversTypes['TaskActivityPage'], ParentType, ContextType, RequireFields<QueryGetTaskActivityArgs, 'task'>>;
  getTaskChats?: Resolver<Array<ResolversTypes['Task']>, ParentType, ContextType, Partial<QueryGetTaskChatsArgs>>;
  getTasks?: Resolver<Array<ResolversTypes['Task']>, ParentType, ContextType, Partial<QueryGetTasksArgs>>;
  getTeam?: Resolver<ResolversTypes['Team'], ParentType, ContextType>;
  getTeamActivity?: Resolver<ResolversTypes['ActivityPage'], ParentType, ContextType, RequireFields<QueryGetTeamActivityArgs, 'team'>>;
  getTeamData?: Resolver<ResolversTypes['TeamData'], ParentType, ContextType, Partial<QueryGetTeamDataArgs>>;
  getTeamSubscriptions?: Resolver<
    Array<ResolversTypes['SubscriptionPlan']>,
    ParentType,
    ContextType,
    Partial<QueryGetTeamSubscriptionsArgs>
  >;
  getTeams?: Resolver<Array<ResolversTypes['Team']>, ParentType, ContextType>;
  getUser?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
  getUserBasic?: Resolver<ResolversTypes['UserBasic'], ParentType, ContextType, RequireFields<QueryGetUserBasicArgs, 'id'>>;
  getUsers?: Resolver<Array<ResolversTypes['ProjectUser']>, ParentType, ContextType, Partial<QueryGetUsersArgs>>;
  getVideocalls?: Resolver<Array<ResolversTypes['Videocall']>, ParentType, ContextType, Partial<QueryGetVideocallsArgs>>;
  getWall?: Resolver<ResolversTypes['Wall'], ParentType, ContextType, RequireFields<QueryGetWallArgs, 'id'>>;
  getWalls?: Resolver<ResolversTypes['WallPage'], ParentType, ContextType, RequireFields<QueryGetWallsArgs, 'project'>>;
  getWorkspace?: Resolver<ResolversTypes['PublicWall'], ParentType, ContextType, RequireFields<QueryGetWorkspaceArgs, 'workspace'>>;
  serverInfo?: Resolver<ResolversTypes['ServerInfo'], ParentType, ContextType>;
  signedDownloadPublicURL?: Resolver<
    ResolversTypes['String'],
    ParentType,
    ContextType,
    RequireFields<QuerySignedDownloadPublicUrlArgs, 'file'>
  >;
  signedDownloadPublicURLDoc?: Resolver<
    ResolversTypes['String'],
    ParentType,
    ContextType,
    RequireFields<QuerySignedDownloadPublicUrlDocArgs, 'url'>
  >;
  signedUploadURL?: Resolver<
    ResolversTypes['SignedUpload'],
    ParentType,
    ContextType,
    RequireFields<QuerySignedUploadUrlArgs, 'filename' | 'filetype' | 'size'>
  >;
  socialProviders?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  suggestPics?: Resolver<Array<ResolversTypes['Pic']>, ParentType, ContextType, RequireFields<QuerySuggestPicsArgs, 'name'>>;
  verifyAccount?: Resolver<
    ResolversTypes['AuthPayload'],
    ParentType,
    ContextType,
    RequireFields<QueryVerifyAccountArgs, 'email' | 'token'>
  >;
};

export type RefreshPayloadResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['RefreshPayload'] = ResolversParentTypes['RefreshPayload'],
> = {
  token?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ReportAnalyticsResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['ReportAnalytics'] = ResolversParentTypes['ReportAnalytics'],
> = {
  load?: Resolver<Array<ResolversTypes['OpenLoad']>, ParentType, ContextType>;
  weeks?: Resolver<Array<ResolversTypes['AnalyticsWeek']>, ParentType, ContextType>;
};

export type ReportMemberResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['ReportMember'] = ResolversParentTypes['ReportMember'],
> = {
  firstname?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastname?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  profileImg?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type RingChangeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['RingChange'] = ResolversParentTypes['RingChange'],
> = {
  ring?: Resolver<ResolversTypes['VideocallRing'], ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type SearchResultResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['SearchResult'] = ResolversParentTypes['SearchResult'],
> = {
  color?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  emoji?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  highlights?: Resolver<Array<ResolversTypes['TextRange']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  link?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  logo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  messageId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  messageType?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  project?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  projectColor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  projectLogo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  projectTitle?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  titleHighlights?: Resolver<Array<ResolversTypes['TextRange']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ServerInfoResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['ServerInfo'] = ResolversParentTypes['ServerInfo'],
> = {
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  publicUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  version?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type SettingResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Setting'] = ResolversParentTypes['Setting'],
> = {
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type SharedFileResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['SharedFile'] = ResolversParentTypes['SharedFile'],
> = {
  authorFirstname?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  duration?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  height?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  size?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  thumbnail?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  width?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type SignUpResultResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['SignUpResult'] = ResolversParentTypes['SignUpResult'],
> = {
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  session?: Resolver<Maybe<ResolversTypes['AuthPayload']>, ParentType, ContextType>;
  verificationRequired?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type SignedUploadResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['SignedUpload'] = ResolversParentTypes['SignedUpload'],
> = {
  code?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  headers?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  method?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  original?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  size?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type SocialAuthPayloadResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['SocialAuthPayload'] = ResolversParentTypes['SocialAuthPayload'],
> = {
  isNew?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  token?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  user?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
};

export type StandupResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Standup'] = ResolversParentTypes['Standup'],
> = {
  date?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  members?: Resolver<Array<ResolversTypes['StandupMember']>, ParentType, ContextType>;
  project?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  team?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  timeZone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type StandupChannelResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['StandupChannel'] = ResolversParentTypes['StandupChannel'],
> = {
  canManage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  enabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  language?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastPostedDate?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  project?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  setAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  setBy?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  time?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  timeZone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  weekdays?: Resolver<Array<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type StandupDayResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['StandupDay'] = ResolversParentTypes['StandupDay'],
> = {
  date?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  spaces?: Resolver<Array<ResolversTypes['StandupSpace']>, ParentType, ContextType>;
};

export type StandupLineResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['StandupLine'] = ResolversParentTypes['StandupLine'],
> = {
  at?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  idCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  link?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  task?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type StandupMemberResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['StandupMember'] = ResolversParentTypes['StandupMember'],
> = {
  days?: Resolver<Array<ResolversTypes['StandupDay']>, ParentType, ContextType>;
  overdue?: Resolver<Array<ResolversTypes['StandupTask']>, ParentType, ContextType>;
  user?: Resolver<ResolversTypes['ReportMember'], ParentType, ContextType>;
};

export type StandupSpaceResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['StandupSpace'] = ResolversParentTypes['StandupSpace'],
> = {
  color?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lines?: Resolver<Array<ResolversTypes['StandupLine']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  project?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type StandupTaskResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['StandupTask'] = ResolversParentTypes['StandupTask'],
> = {
  deadline?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  idCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  link?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  project?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  projectName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  task?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type StatsResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Stats'] = ResolversParentTypes['Stats'],
> = {
  active?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  away?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  duration?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  files?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  plan?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  storage?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  storageLimit?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  team?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  uploadLimit?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type SubscriptionResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription'],
> = {
  aiWriting?: SubscriptionResolver<
    ResolversTypes['AiWritingChunk'],
    'aiWriting',
    ParentType,
    ContextType,
    RequireFields<SubscriptionAiWritingArgs, 'action' | 'text'>
  >;
  subAiConversations?: SubscriptionResolver<ResolversTypes['AiConversationChange'], 'subAiConversations', ParentType, ContextType>;
  subAiMessage?: SubscriptionResolver<
    ResolversTypes['AiStreamEvent'],
    'subAiMessage',
    ParentType,
    ContextType,
    RequireFields<SubscriptionSubAiMessageArgs, 'aiconversation'>
  >;
  subCalls?: SubscriptionResolver<ResolversTypes['RingChange'], 'subCalls', ParentType, ContextType>;
  subDoc?: SubscriptionResolver<
    ResolversTypes['DocChange'],
    'subDoc',
    ParentType,
    ContextType,
    RequireFields<SubscriptionSubDocArgs, 'project'>
  >;
  subEvent?: SubscriptionResolver<ResolversTypes['EventChange'], 'subEvent', ParentType, ContextType>;
  subFile?: SubscriptionResolver<ResolversTypes['FileChange'], 'subFile', ParentType, ContextType, Partial<SubscriptionSubFileArgs>>;
  subFolder?: SubscriptionResolver<
    ResolversTypes['FolderChange'],
    'subFolder',
    ParentType,
    ContextType,
    RequireFields<SubscriptionSubFolderArgs, 'project'>
  >;
  subInvited?: SubscriptionResolver<
    ResolversTypes['InvitedChange'],
    'subInvited',
    ParentType,
    ContextType,
    RequireFields<SubscriptionSubInvitedArgs, 'meetingroom'>
  >;
  subInvitedBasic?: SubscriptionResolver<
    ResolversTypes['InvitedChange'],
    'subInvitedBasic',
    ParentType,
    ContextType,
    RequireFields<SubscriptionSubInvitedBasicArgs, 'id'>
  >;
  subMeetingrooms?: SubscriptionResolver<ResolversTypes['MeetingroomChange'], 'subMeetingrooms', ParentType, ContextType>;
  subMessage?: SubscriptionResolver<
    ResolversTypes['MessageChange'],
    'subMessage',
    ParentType,
    ContextType,
    Partial<SubscriptionSubMessageArgs>
  >;
  subNotification?: SubscriptionResolver<ResolversTypes['NotificationChange'], 'subNotification', ParentType, ContextType>;
  subPresence?: SubscriptionResolver<ResolversTypes['Presence'], 'subPresence', ParentType, ContextType>;
  subPrivat?: SubscriptionResolver<ResolversTypes['PrivatChange'], 'subPrivat', ParentType, ContextType>;
  subProject?: SubscriptionResolver<ResolversTypes['ProjectChange'], 'subProject', ParentType, ContextType>;
  subSupport?: SubscriptionResolver<
    ResolversTypes['SupportLiveEvent'],
    'subSupport',
    ParentType,
    ContextType,
    Partial<SubscriptionSubSupportArgs>
  >;
  subTask?: SubscriptionResolver<
    ResolversTypes['TaskChange'],
    'subTask',
    ParentType,
    ContextType,
    RequireFields<SubscriptionSubTaskArgs, 'project'>
  >;
  subTeam?: SubscriptionResolver<ResolversTypes['TeamChange'], 'subTeam', ParentType, ContextType, Partial<SubscriptionSubTeamArgs>>;
  subUser?: SubscriptionResolver<ResolversTypes['User'], 'subUser', ParentType, ContextType, Partial<SubscriptionSubUserArgs>>;
  subVideocall?: SubscriptionResolver<
    ResolversTypes['VideocallChange'],
    'subVideocall',
    ParentType,
    ContextType,
    RequireFields<SubscriptionSubVideocallArgs, 'attendee' | 'videocall'>
  >;
};

export type SubscriptionPlanResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['SubscriptionPlan'] = ResolversParentTypes['SubscriptionPlan'],
> = {
  action?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  features?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  hasActiveSubscription?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isCurrent?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  order?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  payment?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  price?: Resolver<ResolversTypes['SubscriptionPrice'], ParentType, ContextType>;
  productId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type SubscriptionPriceResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['SubscriptionPrice'] = ResolversParentTypes['SubscriptionPrice'],
> = {
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  interval?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  isUnlimited?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  nickname?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  unitAmount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type SupportAccessResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['SupportAccess'] = ResolversParentTypes['SupportAccess'],
> = {
  inboxUnread?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  supportTeam?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  unread?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type SupportConversationResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['SupportConversation'] = ResolversParentTypes['SupportConversation'],
> = {
  hasMore?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  messages?: Resolver<Array<ResolversTypes['SupportMessage']>, ParentType, ContextType>;
  thread?: Resolver<Maybe<ResolversTypes['SupportThread']>, ParentType, ContextType>;
};

export type SupportFeedbackResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['SupportFeedback'] = ResolversParentTypes['SupportFeedback'],
> = {
  author?: Resolver<Maybe<ResolversTypes['SupportPerson']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  hasScreenshot?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  page?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  screenshot?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type SupportInboxResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['SupportInbox'] = ResolversParentTypes['SupportInbox'],
> = {
  threads?: Resolver<Array<ResolversTypes['SupportThread']>, ParentType, ContextType>;
  unread?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type SupportLiveEventResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['SupportLiveEvent'] = ResolversParentTypes['SupportLiveEvent'],
> = {
  inboxUnread?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['SupportMessage']>, ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  thread?: Resolver<ResolversTypes['SupportThread'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type SupportMessageResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['SupportMessage'] = ResolversParentTypes['SupportMessage'],
> = {
  author?: Resolver<Maybe<ResolversTypes['MessageAuthor']>, ParentType, ContextType>;
  body?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  fromSupport?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  thread?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type SupportPersonResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['SupportPerson'] = ResolversParentTypes['SupportPerson'],
> = {
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  firstname?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastname?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  profileImg?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type SupportThreadResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['SupportThread'] = ResolversParentTypes['SupportThread'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastMessage?: Resolver<Maybe<ResolversTypes['SupportMessage']>, ParentType, ContextType>;
  person?: Resolver<Maybe<ResolversTypes['SupportPerson']>, ParentType, ContextType>;
  unread?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type TagResolvers<ContextType = MercuriusContext, ParentType extends ResolversParentTypes['Tag'] = ResolversParentTypes['Tag']> = {
  color?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isSprint?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  project?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type TaskResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Task'] = ResolversParentTypes['Task'],
> = {
  author?: Resolver<Maybe<ResolversTypes['UserBasic']>, ParentType, ContextType>;
  canDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  canEdit?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  color?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  cover?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  deadline?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  files?: Resolver<Array<ResolversTypes['File']>, ParentType, ContextType>;
  followers?: Resolver<Array<ResolversTypes['UserBasic']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  idCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  isFollowing?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  lastMessage?: Resolver<Maybe<ResolversTypes['Message']>, ParentType, ContextType>;
  length?: Resolver<Maybe<ResolversTypes['TaskLength']>, ParentType, ContextType>;
  letter?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  parentTask?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  positionAsignee?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  positionDuedate?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  positionSection?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  project?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  route?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sprint?: Resolver<Maybe<ResolversTypes['Tag']>, ParentType, ContextType>;
  state?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  stateProject?: Resolver<ResolversTypes['ProjectState'], ParentType, ContextType>;
  tags?: Resolver<Array<ResolversTypes['Tag']>, ParentType, ContextType>;
  unread?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  updated?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  users?: Resolver<Array<ResolversTypes['UserBasic']>, ParentType, ContextType>;
};

export type TaskActivityResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['TaskActivity'] = ResolversParentTypes['TaskActivity'],
> = {
  actor?: Resolver<Maybe<ResolversTypes['UserBasic']>, ParentType, ContextType>;
  changes?: Resolver<Array<ResolversTypes['TaskFieldChange']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type TaskActivityPageResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['TaskActivityPage'] = ResolversParentTypes['TaskActivityPage'],
> = {
  entries?: Resolver<Array<ResolversTypes['TaskActivity']>, ParentType, ContextType>;
  nextCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type TaskChangeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['TaskChange'] = ResolversParentTypes['TaskChange'],
> = {
  moveTo?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  positionField?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  positions?: Resolver<Maybe<Array<ResolversTypes['TaskPosition']>>, ParentType, ContextType>;
  project?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  stateId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  states?: Resolver<Maybe<Array<ResolversTypes['ProjectState']>>, ParentType, ContextType>;
  tagId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  tags?: Resolver<Maybe<Array<ResolversTypes['Tag']>>, ParentType, ContextType>;
  task?: Resolver<Maybe<ResolversTypes['Task']>, ParentType, ContextType>;
  taskId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type TaskFieldChangeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['TaskFieldChange'] = ResolversParentTypes['TaskFieldChange'],
> = {
  field?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  from?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  to?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
};

export type TaskLengthResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['TaskLength'] = ResolversParentTypes['TaskLength'],
> = {
  amount?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  unit?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type TaskPositionResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['TaskPosition'] = ResolversParentTypes['TaskPosition'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  position?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type TeamResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Team'] = ResolversParentTypes['Team'],
> = {
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  invited?: Resolver<Array<ResolversTypes['TeamInvitation']>, ParentType, ContextType>;
  isDefault?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  lifetimes?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  logo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  memberLimit?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  planState?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  role?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  settings?: Resolver<Array<ResolversTypes['Setting']>, ParentType, ContextType>;
  storage?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  subscription?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  users?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type TeamChangeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['TeamChange'] = ResolversParentTypes['TeamChange'],
> = {
  team?: Resolver<Maybe<ResolversTypes['Team']>, ParentType, ContextType>;
  teamId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  userId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type TeamDataResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['TeamData'] = ResolversParentTypes['TeamData'],
> = {
  logo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type TeamInvitationResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['TeamInvitation'] = ResolversParentTypes['TeamInvitation'],
> = {
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  firstname?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  inviter?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastname?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  link?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  profileImg?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  project?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  role?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  state?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type TeamReportResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['TeamReport'] = ResolversParentTypes['TeamReport'],
> = {
  analytics?: Resolver<ResolversTypes['ReportAnalytics'], ParentType, ContextType>;
  enddate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  projects?: Resolver<Maybe<Array<ResolversTypes['ID']>>, ParentType, ContextType>;
  startdate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  team?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  teamTasks?: Resolver<Array<ResolversTypes['TeamTaskCount']>, ParentType, ContextType>;
};

export type TeamTaskCountResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['TeamTaskCount'] = ResolversParentTypes['TeamTaskCount'],
> = {
  comments?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  created?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  finished?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  moved?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  project?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  projectColor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  projectName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  user?: Resolver<ResolversTypes['ReportMember'], ParentType, ContextType>;
};

export type TeamUpdateResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['TeamUpdate'] = ResolversParentTypes['TeamUpdate'],
> = {
  signInRequired?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  team?: Resolver<ResolversTypes['Team'], ParentType, ContextType>;
};

export type TextRangeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['TextRange'] = ResolversParentTypes['TextRange'],
> = {
  length?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  start?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type UserResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User'],
> = {
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  firstname?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  language?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastname?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  logged?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  profileImg?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  rate?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  resume?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  role?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  settings?: Resolver<Array<ResolversTypes['Setting']>, ParentType, ContextType>;
};

export type UserBasicResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['UserBasic'] = ResolversParentTypes['UserBasic'],
> = {
  firstname?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastname?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  profileImg?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type VideocallResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Videocall'] = ResolversParentTypes['Videocall'],
> = {
  attendee?: Resolver<Maybe<ResolversTypes['VideocallAttendee']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  finishedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  meeting?: Resolver<ResolversTypes['VideocallMeeting'], ParentType, ContextType>;
  meetingroom?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  privat?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  project?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  recording?: Resolver<Maybe<ResolversTypes['VideocallRecording']>, ParentType, ContextType>;
  task?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  users?: Resolver<Array<ResolversTypes['MeetingParticipant']>, ParentType, ContextType>;
};

export type VideocallAttendeeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['VideocallAttendee'] = ResolversParentTypes['VideocallAttendee'],
> = {
  externalUserId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  joinToken?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type VideocallChangeResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['VideocallChange'] = ResolversParentTypes['VideocallChange'],
> = {
  from?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  participant?: Resolver<Maybe<ResolversTypes['MeetingParticipant']>, ParentType, ContextType>;
  reaction?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  recording?: Resolver<Maybe<ResolversTypes['VideocallRecording']>, ParentType, ContextType>;
  signal?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  videocall?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type VideocallMeetingResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['VideocallMeeting'] = ResolversParentTypes['VideocallMeeting'],
> = {
  iceServers?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  maximum?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  transport?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type VideocallRecordingResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['VideocallRecording'] = ResolversParentTypes['VideocallRecording'],
> = {
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  attendee?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  startedBy?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  startedByName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  stoppedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  transport?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  videocall?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type VideocallRingResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['VideocallRing'] = ResolversParentTypes['VideocallRing'],
> = {
  callee?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  caller?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  callerName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  callerProfileImg?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  endedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  meetingroom?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  notificationType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  privat?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  project?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  state?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  videocall?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type WallResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['Wall'] = ResolversParentTypes['Wall'],
> = {
  author?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  canEdit?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  canManage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  cover?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  embed?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  emoji?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  folder?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastSavedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  project?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  room?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  shareUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shared?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type WallPageResolvers<
  ContextType = MercuriusContext,
  ParentType extends ResolversParentTypes['WallPage'] = ResolversParentTypes['WallPage'],
> = {
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  walls?: Resolver<Array<ResolversTypes['Wall']>, ParentType, ContextType>;
};

export type Resolvers<ContextType = MercuriusContext> = {
  ActivityEntry?: ActivityEntryResolvers<ContextType>;
  ActivityPage?: ActivityPageResolvers<ContextType>;
  AiCitation?: AiCitationResolvers<ContextType>;
  AiConversation?: AiConversationResolvers<ContextType>;
  AiConversationChange?: AiConversationChangeResolvers<ContextType>;
  AiLimits?: AiLimitsResolvers<ContextType>;
  AiMemberUsage?: AiMemberUsageResolvers<ContextType>;
  AiMessage?: AiMessageResolvers<ContextType>;
  AiStatus?: AiStatusResolvers<ContextType>;
  AiStreamEvent?: AiStreamEventResolvers<ContextType>;
  AiUsage?: AiUsageResolvers<ContextType>;
  AiWritingChunk?: AiWritingChunkResolvers<ContextType>;
  AnalyticsWeek?: AnalyticsWeekResolvers<ContextType>;
  ApiToken?: ApiTokenResolvers<ContextType>;
  AuthPayload?: AuthPayloadResolvers<ContextType>;
  AwayLine?: AwayLineResolvers<ContextType>;
  AwaySummary?: AwaySummaryResolvers<ContextType>;
  Billing?: BillingResolvers<ContextType>;
  BillingCode?: BillingCodeResolvers<ContextType>;
  BillingInvoice?: BillingInvoiceResolvers<ContextType>;
  Calendar?: CalendarResolvers<ContextType>;
  CalendarAccount?: CalendarAccountResolvers<ContextType>;
  CalendarEntry?: CalendarEntryResolvers<ContextType>;
  CalendarFeed?: CalendarFeedResolvers<ContextType>;
  CalendarTask?: CalendarTaskResolvers<ContextType>;
  CheckoutAnswer?: CheckoutAnswerResolvers<ContextType>;
  ClientSettings?: ClientSettingsResolvers<ContextType>;
  ContactSalesAnswer?: ContactSalesAnswerResolvers<ContextType>;
  DocChange?: DocChangeResolvers<ContextType>;
  Event?: EventResolvers<ContextType>;
  EventChange?: EventChangeResolvers<ContextType>;
  EventPerson?: EventPersonResolvers<ContextType>;
  File?: FileResolvers<ContextType>;
  FileChange?: FileChangeResolvers<ContextType>;
  Folder?: FolderResolvers<ContextType>;
  FolderChange?: FolderChangeResolvers<ContextType>;
  Invited?: InvitedResolvers<ContextType>;
  InvitedChange?: InvitedChangeResolvers<ContextType>;
  InvitedPass?: InvitedPassResolvers<ContextType>;
  JSON?: GraphQLScalarType;
  MeetingParticipant?: MeetingParticipantResolvers<ContextType>;
  Meetingroom?: MeetingroomResolvers<ContextType>;
  MeetingroomChange?: MeetingroomChangeResolvers<ContextType>;
  Message?: MessageResolvers<ContextType>;
  MessageAuthor?: MessageAuthorResolvers<ContextType>;
  MessageChange?: MessageChangeResolvers<ContextType>;
  MessageFile?: MessageFileResolvers<ContextType>;
  MessageGuest?: MessageGuestResolvers<ContextType>;
  MessageHistory?: MessageHistoryResolvers<ContextType>;
  MessageQuote?: MessageQuoteResolvers<ContextType>;
  MessageReaction?: MessageReactionResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  NewApiToken?: NewApiTokenResolvers<ContextType>;
  Notification?: NotificationResolvers<ContextType>;
  NotificationChange?: NotificationChangeResolvers<ContextType>;
  NotificationPage?: NotificationPageResolvers<ContextType>;
  OpenLoad?: OpenLoadResolvers<ContextType>;
  Pic?: PicResolvers<ContextType>;
  Presence?: PresenceResolvers<ContextType>;
  Privat?: PrivatResolvers<ContextType>;
  PrivatChange?: PrivatChangeResolvers<ContextType>;
  PrivatMember?: PrivatMemberResolvers<ContextType>;
  Project?: ProjectResolvers<ContextType>;
  ProjectChange?: ProjectChangeResolvers<ContextType>;
  ProjectState?: ProjectStateResolvers<ContextType>;
  ProjectUser?: ProjectUserResolvers<ContextType>;
  PublicWall?: PublicWallResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  RefreshPayload?: RefreshPayloadResolvers<ContextType>;
  ReportAnalytics?: ReportAnalyticsResolvers<ContextType>;
  ReportMember?: ReportMemberResolvers<ContextType>;
  RingChange?: RingChangeResolvers<ContextType>;
  SearchResult?: SearchResultResolvers<ContextType>;
  ServerInfo?: ServerInfoResolvers<ContextType>;
  Setting?: SettingResolvers<ContextType>;
  SharedFile?: SharedFileResolvers<ContextType>;
  SignUpResult?: SignUpResultResolvers<ContextType>;
  SignedUpload?: SignedUploadResolvers<ContextType>;
  SocialAuthPayload?: SocialAuthPayloadResolvers<ContextType>;
  Standup?: StandupResolvers<ContextType>;
  StandupChannel?: StandupChannelResolvers<ContextType>;
  StandupDay?: StandupDayResolvers<ContextType>;
  StandupLine?: StandupLineResolvers<ContextType>;
  StandupMember?: StandupMemberResolvers<ContextType>;
  StandupSpace?: StandupSpaceResolvers<ContextType>;
  StandupTask?: StandupTaskResolvers<ContextType>;
  Stats?: StatsResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  SubscriptionPlan?: SubscriptionPlanResolvers<ContextType>;
  SubscriptionPrice?: SubscriptionPriceResolvers<ContextType>;
  SupportAccess?: SupportAccessResolvers<ContextType>;
  SupportConversation?: SupportConversationResolvers<ContextType>;
  SupportFeedback?: SupportFeedbackResolvers<ContextType>;
  SupportInbox?: SupportInboxResolvers<ContextType>;
  SupportLiveEvent?: SupportLiveEventResolvers<ContextType>;
  SupportMessage?: SupportMessageResolvers<ContextType>;
  SupportPerson?: SupportPersonResolvers<ContextType>;
  SupportThread?: SupportThreadResolvers<ContextType>;
  Tag?: TagResolvers<ContextType>;
  Task?: TaskResolvers<ContextType>;
  TaskActivity?: TaskActivityResolvers<ContextType>;
  TaskActivityPage?: TaskActivityPageResolvers<ContextType>;
  TaskChange?: TaskChangeResolvers<ContextType>;
  TaskFieldChange?: TaskFieldChangeResolvers<ContextType>;
  TaskLength?: TaskLengthResolvers<ContextType>;
  TaskPosition?: TaskPositionResolvers<ContextType>;
  Team?: TeamResolvers<ContextType>;
  TeamChange?: TeamChangeResolvers<ContextType>;
  TeamData?: TeamDataResolvers<ContextType>;
  TeamInvitation?: TeamInvitationResolvers<ContextType>;
  TeamReport?: TeamReportResolvers<ContextType>;
  TeamTaskCount?: TeamTaskCountResolvers<ContextType>;
  TeamUpdate?: TeamUpdateResolvers<ContextType>;
  TextRange?: TextRangeResolvers<ContextType>;
  User?: UserResolvers<ContextType>;
  UserBasic?: UserBasicResolvers<ContextType>;
  Videocall?: VideocallResolvers<ContextType>;
  VideocallAttendee?: VideocallAttendeeResolvers<ContextType>;
  VideocallChange?: VideocallChangeResolvers<ContextType>;
  VideocallMeeting?: VideocallMeetingResolvers<ContextType>;
  VideocallRecording?: VideocallRecordingResolvers<ContextType>;
  VideocallRing?: VideocallRingResolvers<ContextType>;
  Wall?: WallResolvers<ContextType>;
  WallPage?: WallPageResolvers<ContextType>;
};

/**
 * Any part of a schema type, at any depth, with the schema's types for what is there (JSON stays unknown). A mapped
 * type (a presented row, which has no __typename) or a promise of one is taken whole: it is what its resolvers return.
 */
type ResolvedPart<T> = unknown extends T
  ? T
  : T extends string | number | boolean | null | undefined
    ? T
    : T extends readonly (infer Item)[]
      ? ResolvedPart<Item>[]
      : '__typename' extends keyof T
        ? { [Key in keyof T]?: ResolvedPart<T[Key]> }
        : T;

/** Each presented type (resolverMappers in scripts/schema.ts) has the schema's types for the fields it has. */
type MapperFits<Presented extends ResolvedPart<Schema>, Schema> = [Presented, Schema];
export type MapperChecks = [
  MapperFits<SessionPayload, AuthPayload>,
  MapperFits<PresentedCalendar, Calendar>,
  MapperFits<PresentedEvent, Event>,
  MapperFits<PresentedFile, File>,
  MapperFits<PresentedFolder, Folder>,
  MapperFits<PresentedMessage, Message>,
  MapperFits<PresentedNotification, Notification>,
  MapperFits<PresentedSpace, Project>,
  MapperFits<PresentedTask, Task>,
  MapperFits<PresentedTeam, Team>,
  MapperFits<PresentedInvitation, TeamInvitation>,
  MapperFits<PresentedDoc, Wall>,
];

/** The arguments and the result type of a subscription field. */
type SubscriptionField<Field extends keyof SubscriptionResolvers> =
  NonNullable<SubscriptionResolvers[Field]> extends infer Entry
    ? Entry extends { resolve: SubscriptionResolveFn<infer Result, infer _Parent, infer _Context, infer Args> }
      ? { result: Result; args: Args }
      : never
    : never;

/**
 * A subscription field whose feed yields `Delivery` values (events, often with the subscriber's access as judged when
 * each arrived), each turned into the field's value by `resolve`: `subscribe` must yield what `resolve` reads, and
 * `resolve` must return the field's type, with the field's arguments. Used with `satisfies` on each field of a
 * Subscription map, beside the map's own `satisfies SubscriptionResolvers`.
 */
export type LiveSubscription<Field extends keyof SubscriptionResolvers, Delivery> = {
  subscribe: SubscriptionSubscribeFn<Delivery, ResolversParentTypes['Subscription'], MercuriusContext, SubscriptionField<Field>['args']>;
  resolve: SubscriptionResolveFn<SubscriptionField<Field>['result'], Delivery, MercuriusContext, SubscriptionField<Field>['args']>;
};
