import { uploadErrorMessages } from './uploads';

/**
 * Error codes carried in GraphQL `extensions.code`, each with its one English message. A message
 * may name parameters as {{name}} (i18next's syntax): the server fills them from the error's
 * `extensions.params` to write `message`, and the client translates `errors.codes.<CODE>` with the
 * same parameters, in the user's language, never reading the English text. Messages quoted from
 * SPEC §6 and §8 are exact.
 *
 * Codes that are not refusals of what the caller sent: protocol, session, access and server failures.
 */
export const generalErrorMessages = {
  BAD_USER_INPUT: 'The request is not valid.',
  GRAPHQL_PARSE_FAILED: 'The request is not valid GraphQL.',
  GRAPHQL_VALIDATION_FAILED: 'The request does not match the API schema.',
  QUERY_TOO_DEEP: 'The query is nested too deeply.',
  QUERY_TOO_COMPLEX: 'The query asks for too much at once.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  INTROSPECTION_DISABLED: 'Sign in to read the API schema: introspection is off for anonymous callers.',
  TOO_MANY_SUBSCRIPTIONS: 'This connection has too many live subscriptions open. Close some and try again.',
  CSRF_REJECTED: 'The request was refused: send it as JSON from the app.',
  METHOD_NOT_ALLOWED: 'Mutations must be sent with POST.',
  UNAUTHENTICATED: 'No access token',
  TOKEN_EXPIRED: 'Token expired or invalid',
  INVALID_REFRESH_TOKEN: 'Invalid refresh token',
  PERMISSION_DENIED: "You don't have permission to manage this project. Ask the creator for permissions.",
  NOT_FOUND: 'Not found.',
  CONFLICT: 'Someone else changed this at the same time. Reload and try again.',
  IDEMPOTENCY_KEY_REUSED: 'This mutation id was already used for a different request.',
  RATE_LIMITED: 'Too many attempts. Wait a moment and try again.',
  EMAIL_NOT_VERIFIED: 'Confirm your e-mail address first: we sent you a new link.',
  INVALID_LINK: 'This link has expired or was already used. Ask for a new one.',
  WRONG_CREDENTIALS: 'Wrong e-mail or password.',
  SOCIAL_SIGN_IN_UNAVAILABLE: 'Sign-in with this provider is not set up on this server.',
  SOCIAL_PROVIDER_UNKNOWN: 'This sign-in provider is not supported. Use Google or Microsoft.',
  SOCIAL_STATE_MISMATCH: 'This sign-in attempt expired or was started in another browser. Start again.',
  SOCIAL_SIGN_IN_CANCELLED: 'Sign-in was cancelled at the provider.',
  SOCIAL_PROVIDER_ERROR: 'The sign-in provider did not complete the sign-in. Try again in a moment.',
  SOCIAL_EMAIL_NOT_VERIFIED:
    'Your account at this provider has no verified e-mail address. Verify it there, or sign up with e-mail and password.',
  SOCIAL_TOKEN_INVALID: 'The sign-in token from the provider is invalid or has expired. Sign in with the provider again.',
  INTERNAL_SERVER_ERROR: 'Something went wrong on the server.',
  DATABASE_UNAVAILABLE: 'The server cannot reach its database right now. Try again in a moment.',
  INVITATION_WITHDRAWN: 'This invitation was withdrawn. Ask the team for a new one.',
  SETUP_LINK_INVALID:
    'This set-up link has expired or was already used. Restart the server to print a new one, or run npm run create-admin.',
  SETUP_DONE: 'This workspace already has an account. Sign in, or ask an administrator to invite you.',
  // The AI provider and the team's AI limits (issue 19).
  AI_NOT_CONFIGURED:
    'AI is not set up on this server. An administrator enables it by setting AI_BASE_URL and AI_MODEL (any OpenAI-compatible endpoint, e.g. Ollama).',
  AI_PROMPT_TOO_LARGE: 'This is too much text for the AI: send at most {{maximum}} KB.',
  AI_TEAM_LIMIT_REACHED: 'Your team reached its AI limit. Try again later, or ask a team admin to raise it.',
  AI_RATE_LIMITED: 'The AI provider is receiving too many requests. Wait a moment and try again.',
  AI_TIMEOUT: 'The AI provider took too long to answer. Try again.',
  AI_CONTEXT_TOO_LONG: 'This is more text than the AI model can take at once. Shorten it and try again.',
  AI_KEY_REFUSED: "The AI provider refused this server's key. An administrator checks AI_API_KEY.",
  AI_MALFORMED_ANSWER: 'The AI provider sent an answer this server cannot read. Try again.',
  AI_PROVIDER_FAILED: 'The AI provider could not answer. Try again in a moment.',
} as const;

/**
 * Refusals of what the caller sent: each goes out with `extensions.category` BAD_USER_INPUT (the one
 * code older clients know them by) and, when it is about one argument, `extensions.field`.
 */
export const inputErrorMessages = {
  // SPEC §5 upload errors: the code is the SPEC §8 key in capitals (extensions.key carries the key itself);
  // the texts are uploadErrorMessages', written once.
  UPLOAD_FAILED: uploadErrorMessages.upload_failed,
  AI_CHAT_NO_FILES: uploadErrorMessages.ai_chat_no_files,
  FILE_TOO_LARGE: uploadErrorMessages.file_too_large,
  FILE_INVALID_TYPE: uploadErrorMessages.file_invalid_type,
  TOO_MANY_FILES: uploadErrorMessages.too_many_files,
  FILE_SIZE_LIMIT: uploadErrorMessages.file_size_limit,
  STORAGE_LIMIT_EXCEEDED: uploadErrorMessages.storage_limit_exceeded,
  // Files and folders.
  FILE_EMPTY: 'A file must not be empty.',
  FILE_NAME_REQUIRED: 'Enter a file name.',
  FILE_NAME_INVALID: 'A file name cannot contain / or \\.',
  FILE_NAME_TOO_LONG: 'Use at most 255 characters for a file name.',
  FOLDER_NAME_REQUIRED: 'Enter a folder name.',
  FOLDER_NAME_INVALID: 'A folder name cannot contain / or \\.',
  FOLDER_NAME_TOO_LONG: 'Use at most 255 characters for a folder name.',
  FOLDER_CYCLE: 'A folder cannot move into itself or one of its subfolders.',
  FILE_FOLDERS_UNAVAILABLE: 'Only files of a space can go in folders.',
  FILE_MOVE_UNAVAILABLE: 'Only files of a space can move to another space.',
  FILE_FOLDER_TYPE: 'Files can only go in file or media folders, not in doc folders.',
  UPLOAD_OTHER_TEAM: 'This upload was made for another team.',
  FOLDER_TYPE_INVALID: 'A folder type is file, doc or media.',
  FILE_OWNER_REQUIRED: 'Give exactly one of project, task or privat.',
  STORY_NOT_ALLOWED: 'A story is a video recorded into a space.',
  // The AI writing tools' arguments.
  AI_WRITING_ACTION_UNKNOWN:
    'Choose a writing action: shorter, longer, improveWriting, fixSpelling, simplify, summarize, translate, changeTone or continue.',
  AI_WRITING_TEXT_REQUIRED: 'Select or write some text for the AI to work on.',
  AI_WRITING_LANGUAGE_UNKNOWN: 'Choose a language to translate into.',
  AI_WRITING_TONE_UNKNOWN: 'Choose a tone: professional, friendly, casual or formal.',
  // The request's envelope: the Idempotency-Key header, a subscription's extensions.
  IDEMPOTENCY_KEY_INVALID: 'An Idempotency-Key must be 1 to {{maximum}} characters.',
  RESUME_POSITION_INVALID: 'extensions.resumeAfter must be a log position (a whole number, 0 or more) or null.',
  // Any argument: what a schema check says when no more specific code applies.
  VALUE_REQUIRED: 'Enter a value.',
  VALUE_INVALID: 'This value is not valid.',
  FORMAT_INVALID: 'This value is not in the expected format.',
  CHOICE_INVALID: 'Choose one of: {{choices}}.',
  TEXT_TOO_LONG: 'Use at most {{maximum}} characters.',
  TEXT_TOO_SHORT: 'Use at least {{minimum}} characters.',
  TEXT_NOT_UNICODE: 'This text is not valid Unicode (a lone UTF-16 surrogate); send well-formed text.',
  NUMBER_TOO_SMALL: 'Use a number of at least {{minimum}}.',
  NUMBER_TOO_LARGE: 'Use a number of at most {{maximum}}.',
  NUMBER_NOT_WHOLE: 'Use a whole number.',
  POSITION_OUT_OF_RANGE: 'Use a finite number between -1e12 and 1e12.',
  TOO_MANY_ITEMS: 'Send at most {{maximum}} items.',
  TOO_FEW_ITEMS: 'Send at least {{minimum}} items.',
  COLOR_INVALID: 'Use a colour like {{example}}.',
  CURSOR_INVALID: 'Use the nextCursor of the previous page.',
  FIRST_SCREEN_ALONE: 'perSection reads the first screen of one board: give it with project alone.',
  // Accounts and settings.
  NAME_REQUIRED: 'Enter a name.',
  EMAIL_INVALID: 'Enter a valid e-mail address.',
  EMAIL_UNAVAILABLE: 'This e-mail address cannot be used.',
  EMAIL_UNAVAILABLE_FOR_SIGN_UP: 'This e-mail address cannot be used to sign up.',
  CURRENT_PASSWORD_REQUIRED: 'Enter your current password.',
  PASSWORD_TOO_SHORT: 'Use at least {{minimum}} characters.',
  PASSWORD_TOO_LONG: 'Use at most {{maximum}} characters.',
  PASSWORD_NEEDS_LETTER: 'Include at least one letter.',
  PASSWORD_NEEDS_DIGIT: 'Include at least one digit.',
  LANGUAGE_UNSUPPORTED: 'Choose one of the supported languages: {{languages}}.',
  IMAGE_TYPE_INVALID: 'Use a PNG or JPG image.',
  IMAGE_TOO_LARGE: 'Use an image of at most {{maximum}} MB.',
  IMAGE_UNREADABLE: 'This image could not be read.',
  API_TOKEN_NAME_REQUIRED: 'Name the token.',
  API_TOKEN_LIMIT: 'You can have at most {{maximum}} API tokens. Revoke one first.',
  SETTING_NAME_INVALID: 'Use 1 to 64 letters, digits, dots, hyphens or underscores.',
  SETTING_REQUIRED: 'Name the setting, or send its id.',
  NOTIFICATION_SETTING_UNKNOWN: 'No such notification setting: use notifications.<app, browser or email>.<TYPE>, or notifications.digest.',
  NOTIFICATION_SETTING_TYPE: 'The type of this notification setting is its channel: {{channel}}.',
  NOTIFICATION_DIGEST_FREQUENCY: 'Send the digest hourly, daily or never.',
  TEAM_SETTING_NOT_NOTIFICATION:
    "A team's defaults are its notification settings: name one notifications.<channel>.<TYPE> or notifications.digest.",
  SOCIAL_ID_TOKEN_REQUIRED: 'Send the ID token from the provider.',
  // Teams, spaces and invitations.
  TEAM_URL_LENGTH: 'Use {{minimum}} to {{maximum}} characters for the team URL.',
  TEAM_URL_CHARACTERS: 'Use only lowercase letters, digits and hyphens in the team URL, without a hyphen at either end.',
  TEAM_URL_RESERVED: 'This team URL is reserved. Choose another one.',
  TEAM_URL_TAKEN: 'This team URL is already taken. Choose another one.',
  LAST_TEAM_ADMIN: 'You are the last admin of this team. Make someone else admin first.',
  ALONE_IN_TEAM: 'You are the only member of this team, so leaving would abandon it. Invite someone and make them admin first.',
  ALREADY_TEAM_MEMBER: 'This person is already a member of this team.',
  GUEST_NEEDS_SPACE: 'Choose the space a guest is invited to.',
  TEAM_ROLE_INVALID: 'Choose admin, basic or guest.',
  ROLE_CHANGE_INCOMPLETE: 'Send user and type together to change a member’s role.',
  SHARED_ITEM_REQUIRED: 'Name a file, a doc or a meeting room.',
  PERSONAL_SPACE_DELETE: 'A personal space cannot be deleted.',
  PERSONAL_SPACE_MEMBERS: 'A personal space has one member: its owner.',
  LAST_SPACE_ADMIN: 'This space needs at least one admin. Make someone else admin first.',
  NO_PENDING_REQUEST: 'This person has not asked to join this space.',
  ALREADY_SPACE_MEMBER: 'You are already a member of this space.',
  ALREADY_REQUESTED: 'You already asked to join this space. An admin will answer.',
  SPACE_TYPE_INVALID: 'Choose public or private.',
  SPACE_TYPE_CHANGE: 'Change the type with ediProject.',
  SPACE_PERMISSION_INVALID: 'Choose admin, basic, refused or removed.',
  INVITATION_INVALID: 'This invitation is no longer valid. Ask for a new one.',
  INVITATION_OTHER_EMAIL: 'This invitation was sent to another e-mail address. Sign up with that address.',
  // Tasks and boards.
  TASK_NAME_REQUIRED: 'Enter a task name.',
  TASK_NAME_TOO_LONG: 'Use at most {{maximum}} characters for the task name.',
  DEADLINE_INVALID: 'Use a date like 2025-06-15, or a date and time with its zone like 2025-06-15T17:00:00Z.',
  PARENT_CYCLE: 'A task cannot be placed inside itself or one of its own subtasks.',
  UNFOLLOW_ASSIGNEE: 'Assignees follow their tasks automatically. Unassign yourself to stop following.',
  TASK_COLOR_INVALID: 'Choose one of the {{count}} task colours.',
  TASK_COVER_INVALID: 'Choose a suggested cover or an uploaded image.',
  TASK_COVER_FILE_INVALID: 'Use an image uploaded to this task as its cover.',
  TASK_LETTER_INVALID: 'Use a single character for the letter.',
  PRIORITY_INVALID: 'Priority is 0 (low), 1 (normal), 2 (high) or 3 (urgent).',
  ESTIMATE_UNIT_INVALID: 'Give the estimate in minutes, hours, days or weeks.',
  ESTIMATE_AMOUNT_INVALID: 'The estimate must be more than 0 and at most {{maximum}}.',
  DESCRIPTION_TOO_LARGE: 'The description is too long.',
  DESCRIPTION_INVALID: 'The description is not valid rich text.',
  DESCRIPTION_CONTENT_UNSUPPORTED: 'The description is not valid rich text. Unsupported content: {{type}}.',
  DIGEST_SCOPE_REQUIRED: 'Name a space, or the people whose tasks to list (users).',
  LAST_SECTION: 'A space keeps at least one section. Add another section before deleting this one.',
  SECTION_MOVE_TO_SAME: 'Choose another section of this space to move the tasks to.',
  SECTION_MOVE_TO_MISSING: 'Choose the section its tasks move to.',
  SECTION_NAME_REQUIRED: 'Enter a section name.',
  SECTION_NAME_TOO_LONG: 'Use at most {{maximum}} characters for a section name.',
  SECTION_ICON_INVALID: 'Choose an icon.',
  SECTIONS_REQUIRED: 'Name at least one section.',
  SECTION_REPEATED: 'Name each section once.',
  SECTION_POSITIONS_MISMATCH: 'Send one position for each section.',
  TAG_NAME_REQUIRED: 'Enter a tag name.',
  TAG_NAME_TOO_LONG: 'Use at most {{maximum}} characters for a tag name.',
  TAG_NAME_TAKEN: 'This space already has a tag or sprint with that name.',
  // Chat.
  MESSAGE_BODY_REQUIRED: 'Write a message first.',
  MESSAGE_BODY_TOO_LONG: 'A message can be at most {{maximum}} characters.',
  MESSAGE_TYPE_NOT_ALLOWED: 'Only text and file messages can be sent.',
  MESSAGE_FILE_REQUIRED: 'A file message needs a file.',
  MESSAGE_FILE_ELSEWHERE: 'This file belongs to another conversation. Upload it to this one to attach it here.',
  MESSAGE_EDIT_NOT_TEXT: 'Only text and file messages can be edited.',
  MESSAGE_PAGE_SIZE: 'Ask for 1 to {{maximum}} messages.',
  // Notifications.
  NOTIFICATION_PAGE_SIZE: 'Ask for 1 to {{maximum}} notifications.',
  NOTIFICATION_FILTER_INVALID: 'Filter notifications by all, unread, mentions or marked.',
  NOTIFICATION_IDS_TOO_MANY: 'Mark at most {{maximum}} notifications read at once, or all of them without ids.',
  CLIENT_ID_LENGTH: 'A client id must be {{minimum}} to {{maximum}} characters.',
  REACTION_EMOJI_INVALID: 'Choose one emoji.',
  ONE_CONVERSATION: 'Name exactly one conversation: a project, a private chat, a task or a meeting room.',
  // Search (getSearch). SEARCH_TOO_SHORT is SPEC's text, exact (its spelling too).
  SEARCH_TOO_SHORT: 'Type more than 4 characteres',
  SEARCH_TOO_LONG: 'Search for at most {{maximum}} characters.',
  SEARCH_DATE_INVALID: 'Use a date like 2026-03-02, or a date and time like 2026-03-02T09:00:00Z.',
  SEARCH_DATES_REVERSED: 'The end date is before the start date.',
  SEARCH_PAGE_SIZE: 'Ask for 1 to {{maximum}} results.',
  // Reports (getReports, getReport).
  REPORT_DATE_INVALID: 'Use a date like 2026-03-02, or a date and time like 2026-03-02T09:00:00Z.',
  REPORT_TIME_ZONE_INVALID: 'Use a time zone name like Europe/Madrid or UTC.',
  REPORT_DATES_REVERSED: 'The end of a report is before its start.',
  REPORT_RANGE_TOO_LONG: 'A report covers at most {{maximum}} days.',
  // A space's standup posted to its channel (setStandupChannel).
  STANDUP_TIME_INVALID: 'Use a time like 09:00, from 00:00 to 23:59.',
  STANDUP_WEEKDAYS_INVALID: 'Choose at least one day of the week, each once (1 is Monday, 7 is Sunday).',
  PRESENCE_STATE_INVALID: 'Choose online or away.',
  PRIVAT_INACTIVE: 'This chat is inactive: it takes no new messages.',
  PRIVAT_NAME_LENGTH: 'Use {{minimum}} to {{maximum}} characters for the chat name.',
  PRIVAT_PEOPLE_REQUIRED: 'Choose at least one other person.',
  PRIVAT_ONE_TO_ONE_FIXED: 'A one-to-one chat has no name, logo or other members. Start a group chat instead.',
  PRIVAT_LEAVE_ONE_TO_ONE: 'A one-to-one chat cannot be left; make it inactive instead.',
  // Docs.
  DOC_TITLE_REQUIRED: 'Enter a title.',
  DOC_TITLE_TOO_LONG: 'Use at most {{maximum}} characters for the title.',
  DOC_DESCRIPTION_TOO_LONG: 'Use at most {{maximum}} characters for the description.',
  DOC_EMOJI_INVALID: 'Choose a single emoji.',
  DOC_COVER_INVALID: 'Use an uploaded image or a suggested cover.',
  DOC_PAGE_INVALID: 'Ask for 1 to {{maximum}} docs from an offset of 0 or more.',
  DOC_SORT_INVALID: 'Sort by {{sorts}}.',
  // Meetings.
  MEETINGROOM_NAME_REQUIRED: 'Enter a name for the room.',
  MEETINGROOM_NAME_TOO_LONG: 'Use at most {{maximum}} characters for the room name.',
  GUEST_NAME_REQUIRED: 'Enter your name.',
  GUEST_NAME_TOO_LONG: 'Use at most {{maximum}} characters for your name.',
  GUEST_LINK_EXPIRED: 'This guest link has expired. Ask the person who invited you for a new one.',
  GUEST_LINK_REVOKED: 'This guest link no longer works. Ask the person who invited you for a new one.',
  GUEST_STATE_INVALID: 'A guest can be admitted, refused or removed.',
  GUEST_STATE_CHANGE_INVALID: 'This guest cannot be changed that way now.',
  MEETING_FULL:
    'This call is full: at most {{maximum}} people can be in a peer-to-peer call. Ask your administrator to set up LiveKit for larger calls.',
  MEETING_PLACE_REQUIRED: 'Name exactly one place for the call: a meeting room, a space or a private chat.',
  SIGNAL_TOO_LARGE: 'A call signal can be at most {{maximum}} bytes.',
  RECORDING_ALREADY_STARTED: 'This call is already being recorded.',
  RECORDING_UNAVAILABLE:
    'The media server could not start or stop the recording. Try again, or ask your administrator to check LiveKit egress.',
  RING_USERS_REQUIRED: 'Choose who to ring.',
  MEETING_NOTES_SPACE_REQUIRED: 'Notes beside a call are kept in a space: an ad hoc room has none. Meet in a space’s room to take notes.',
  // Calendar sync.
  CALENDAR_ACCOUNT_FAILED: 'The calendar account could not sync: {{reason}}',
  CALDAV_ADDRESS_REFUSED:
    'This server does not connect to calendar servers on private or local network addresses. Ask your administrator to allow them.',
  CALENDAR_SERVER_URL_INVALID: 'Enter the calendar server’s address, starting with https://.',
  CALENDAR_CREDENTIALS_REQUIRED: 'Enter the account’s user name and password (or app password).',
  CALENDAR_GOOGLE_UNAVAILABLE: 'Google calendars need Google sign-in to be set up on this server. Ask your administrator.',
  CALENDAR_GOOGLE_STATE_MISMATCH: 'This Google connection expired or was started in another browser. Start again.',
  CALENDAR_GOOGLE_CANCELLED: 'Connecting the Google account was cancelled at Google.',
  CALENDAR_GOOGLE_FAILED: 'Google did not complete the connection. Try again in a moment.',
  CALENDAR_GOOGLE_NO_REFRESH_TOKEN:
    'Google did not allow offline access to the calendars. Connect again and allow access to your calendars.',
  CALENDAR_GOOGLE_OTHER_MEMBER:
    'This Google connection was started by another account or in another team. Start again from this team’s calendar sync page.',
  // Calendar.
  EVENT_TITLE_REQUIRED: 'Enter a title for the event.',
  EVENT_TITLE_TOO_LONG: 'Use at most {{maximum}} characters for the event title.',
  EVENT_DESCRIPTION_TOO_LONG: 'Use at most {{maximum}} characters for the event description.',
  EVENT_LOCATION_TOO_LONG: 'Use at most {{maximum}} characters for the location.',
  EVENT_DATE_INVALID: 'Give the start and end as ISO 8601 dates with a time zone offset, for example 2026-03-02T09:00:00Z.',
  EVENT_END_BEFORE_START: 'The event must end after it starts.',
  EVENT_TOO_LONG: 'An event can last at most {{maximum}} days.',
  EVENT_TIME_ZONE_INVALID: 'Choose a time zone such as Europe/Berlin.',
  EVENT_TYPE_INVALID: 'Choose event or meeting.',
  EVENT_INVALID_RECURRENCE: 'Choose a recurrence: none, daily, weekly, monthly or weekdays.',
  EVENT_COUNT_INVALID: 'Repeat the event 1 to {{maximum}} times.',
  EVENT_UNTIL_INVALID: 'The series must end after its first event, and at most {{maximum}} years later.',
  EVENT_GUEST_INVALID: 'Enter guests as valid e-mail addresses.',
  EVENT_TOO_MANY_PEOPLE: 'Invite at most {{maximum}} people and guests.',
  EVENT_INVITED_NOT_MEMBER: 'Invite only members of your team.',
  EVENT_SCOPE_INVALID: 'Choose this, following or all, and name the occurrence you changed.',
  EVENT_OCCURRENCE_NOT_FOUND: 'This occurrence is not part of the series.',
  EVENT_RESPONSE_INVALID: 'Answer with accept, reject, join, rejoin or leave.',
  EVENT_RANGE_TOO_LONG: 'Ask for at most {{maximum}} days of the calendar at once.',
  EVENT_RANGE_INVALID: 'Give the range as two ISO 8601 dates, the end after the start.',
  EVENT_MEETING_GUEST_REFUSED: 'Team guests cannot make meeting events: ask a member to make it.',
  PLAN_UNKNOWN: 'Choose one of the plans: {{plans}}.',
  // A plan's limits (shared/src/plans.ts planLimits): plan is the team's plan name, limit the number it allows.
  PLAN_LIMIT_SPACES: 'The {{plan}} plan allows {{limit}} spaces per team. Upgrade to make more.',
  PLAN_LIMIT_DOCS: 'The {{plan}} plan allows {{limit}} docs per team. Upgrade to make more.',
  PLAN_LIMIT_TASKS: 'The {{plan}} plan allows {{limit}} tasks per space. Upgrade to make more.',
  BILLING_PERIOD_UNKNOWN: 'Choose monthly, yearly or lifetime.',
  SEATS_OUT_OF_RANGE: 'Seats must be a whole number from {{minimum}} to {{maximum}}.',
  TRIAL_UNAVAILABLE: 'The free trial is for teams on the free plan that have not had it yet.',
  SUBSCRIPTION_NOT_CANCELLABLE: 'There is no paid plan or trial running to cancel.',
  SUBSCRIPTION_NOT_REACTIVABLE: 'Only a cancelled plan that has not ended yet can be continued.',
  BILLING_MANAGED_BY_STRIPE: 'Payments on this server go through Stripe: change the plan from the billing page.',
  PROMOTION_CODE_UNKNOWN: 'This promotion code does not exist.',
  PROMOTION_CODE_EXPIRED: 'This promotion code has expired.',
  PROMOTION_CODE_USED: 'This promotion code was already used.',
  PROMOTION_CODE_PAID_PLAN:
    'This code gives a plan for some days, and your team already has a paid or lifetime plan. Keep the code for when that plan ends.',
  PROMOTION_CODE_LOWER_PLAN: 'This code gives a lower plan than the one your team has now, so it was not used.',
  PROMOTION_CODE_STRIPE_PLAN:
    "Your team's plan is billed through Stripe, which would undo this code's plan. Keep the code for when that subscription ends.",
  PROMOTION_CODE_FORMAT: 'A promotion code is 3 to 40 letters, digits, dashes or underscores.',
  PROMOTION_CODE_TERMS:
    'A credit code needs an amount in cents and a currency, a plan code a paid plan and a number of days, a lifetime code a paid plan.',
  CONTACT_SALES_MESSAGE_REQUIRED: 'Please write your requirements.',
  CONTACT_SALES_FAILED: 'Error Sending Request, please try again or contact the provider directly at {{email}}',
  // Stripe checkout and the customer portal. PAYMENTS_NOT_CONFIGURED: the server has no STRIPE_SECRET_KEY.
  PAYMENTS_NOT_CONFIGURED: 'Payments are not set up on this server: an instance administrator sets plans in admin',
  STRIPE_PRICE_MISSING:
    'No Stripe price is configured for the {{plan}} plan, {{period}}, in {{currency}}: add its price id to STRIPE_PRICES.',
  STRIPE_CUSTOMER_MISSING: 'This team has not paid through Stripe yet: choose a plan first, then manage it here.',
  PAYMENTS_PROVIDER_FAILED: 'Stripe did not answer as expected. Try again in a moment.',
} as const;

/**
 * Why something is NOT_FOUND or PERMISSION_DENIED, when the refusal says more than those codes' own
 * text: `extensions.code` stays NOT_FOUND or PERMISSION_DENIED (what clients branch on: a not-found
 * page, a permission notice) and `extensions.reason` names the message, with its `params`.
 */
export const refusalMessages = {
  TEAM_NOT_FOUND: 'This team does not exist or you are not a member of it.',
  NO_CURRENT_TEAM: 'You do not belong to a team yet.',
  NOT_TEAM_MEMBER: 'This person is not a member of this team.',
  NOT_SPACE_MEMBER: 'This person is not a member of this space.',
  SPACE_NOT_FOUND: 'This space does not exist or you cannot see it.',
  SPACE_OTHER_TEAM: 'This space does not exist or you cannot see it. Tasks move only between spaces of the same team.',
  USER_NOT_FOUND: 'No such user.',
  OWN_LANGUAGE_ONLY: 'You can only change your own language.',
  OWN_TEAMS_ONLY: 'You can only follow your own teams.',
  SETTING_NOT_FOUND: 'No such setting.',
  TEAM_DEFAULTS_ADMINS_ONLY: "Only the team's admins set its notification defaults.",
  ANALYTICS_PLAN_REQUIRED: 'Project analytics are part of the business plan. Upgrade the team to see them.',
  INSTANCE_ADMINISTRATOR_ONLY: 'Only an administrator of this server can do this.',
  API_TOKEN_NOT_FOUND: 'No such API token.',
  API_TOKEN_FROM_APP: 'Create API tokens from the app, signed in with your account.',
  /** SPEC §8: the client retries getTask once on exactly this message. */
  TASK_NOT_FOUND: 'Wrong Task',
  SECTION_NOT_FOUND: 'This section does not exist or you cannot see it.',
  SECTION_OTHER_SPACE: 'Choose a section of this task’s space.',
  TAG_NOT_FOUND: 'This tag does not exist or you cannot see it.',
  TAG_OTHER_SPACE: 'Choose tags of this task’s space.',
  SPRINT_OTHER_SPACE: 'Choose a sprint of this task’s space.',
  PARENT_OTHER_SPACE: 'Choose a parent task of the same space.',
  ASSIGNEE_NOT_IN_SPACE: 'Assign only people who can see this space.',
  FILE_NOT_FOUND: 'This file does not exist or you cannot see it.',
  FOLDER_NOT_FOUND: 'This folder does not exist or is in another space.',
  UPLOAD_NOT_FOUND: 'This upload does not exist, or was already recorded or cancelled.',
  MESSAGE_NOT_FOUND: 'This message does not exist or you cannot see it.',
  REPLY_NOT_FOUND: 'The message you reply to is not in this conversation.',
  BEFORE_NOT_FOUND: 'Use the id of a message of this conversation as before.',
  MEETINGROOM_NOT_FOUND: 'This meeting room does not exist or you cannot see it.',
  MEETING_INVITATION_NOT_FOUND: 'This meeting invitation does not exist or you cannot see it.',
  ATTACHMENT_NOT_FOUND: 'This file does not exist (it may have been deleted) or you cannot see it.',
  ATTACHMENT_NOT_YOURS: 'You can only attach files you uploaded yourself.',
  MESSAGE_EDIT_OWN_ONLY: 'You can only edit your own messages.',
  MESSAGE_DELETE_NOT_ALLOWED: 'You can only delete your own messages; space admins and team admins may delete any in their spaces.',
  PRIVAT_PEOPLE_NOT_IN_TEAM: 'Start chats only with people of your current team.',
  DOC_NOT_FOUND: 'This doc does not exist, or you do not have access to it.',
  DOC_NOT_SHARED: 'This doc is not shared.',
  DOC_FOLDER_NOT_FOUND: 'This folder does not exist in this space, or it is not a folder for docs.',
  DOC_IMAGE_NOT_SHARED: 'This image is not part of a shared doc.',
  INVITED_NOT_FOUND: 'This guest does not exist or you cannot see it.',
  VIDEOCALL_NOT_FOUND: 'This call does not exist, has ended, or you cannot see it.',
  PARTICIPANT_NOT_FOUND: 'This person is not in the call.',
  GUEST_NOT_ADMITTED: 'You can join once someone in the meeting lets you in.',
  RECORDING_NOT_FOUND: 'This recording does not exist, has already stopped, or you cannot see it.',
  RECORDING_NOT_YOURS: 'Only the person who started this recording, or an admin of the room, can stop it.',
  CALLEE_NOT_FOUND: 'You can ring only people who can join this call.',
  RING_NOT_FOUND: 'This call is no longer ringing for you.',
  CALENDAR_ACCOUNT_NOT_FOUND: 'This calendar account does not exist or is not yours.',
  CALENDAR_NOT_FOUND: 'This calendar does not exist or is not yours.',
  EVENT_NOT_FOUND: 'This event does not exist or you cannot see it.',
  NOTIFICATION_NOT_FOUND: 'This notification does not exist or is not yours.',
  EVENT_EDIT_NOT_ALLOWED: 'Only the person who made this event can change it; you can answer the invitation.',
} as const;

export const errorMessages = { ...generalErrorMessages, ...inputErrorMessages, ...refusalMessages } as const;

export type ErrorCode = keyof typeof errorMessages;
export type InputErrorCode = keyof typeof inputErrorMessages;
export type RefusalReason = keyof typeof refusalMessages;

/** The {{names}} a message template asks for. */
type Placeholders<Text extends string> = Text extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** The parameters of a code: exactly the {{names}} of its message, so a throw site cannot leave one out or misspell it. */
export type ErrorParams<Code extends ErrorCode> = { readonly [Name in Placeholders<(typeof errorMessages)[Code]>]: string | number };

/** Codes whose message has no parameter. */
export type PlainErrorCode = { [Code in ErrorCode]: keyof ErrorParams<Code> extends never ? Code : never }[ErrorCode];

/** What `extensions` holds besides `code`: the parameters of the message and, for one argument's error, its name. */
export interface ErrorExtensions {
  code: string;
  /** BAD_USER_INPUT for every refusal of what the caller sent (older clients know them by that code). */
  category?: 'BAD_USER_INPUT';
  params?: Readonly<Record<string, string | number>>;
  /** The argument the error is about, as a path into the arguments (`name`, `input.email`). */
  field?: string;
  /** For NOT_FOUND and PERMISSION_DENIED with a text of their own: the code of that text (refusalMessages). */
  reason?: RefusalReason;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorMessages, value);
}

export function isInputErrorCode(value: unknown): value is InputErrorCode {
  return typeof value === 'string' && Object.hasOwn(inputErrorMessages, value);
}

const placeholder = /\{\{(\w+)\}\}/g;

/** The names a message template asks for, in order. */
export function messageParameters(template: string): string[] {
  return [...template.matchAll(placeholder)].map((match) => match[1]!);
}

/** The English message of a code with its parameters filled in (a missing one stays as {{name}}). */
export function formatErrorMessage(code: ErrorCode, params: Readonly<Record<string, string | number>> = {}): string {
  return errorMessages[code].replace(placeholder, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}
