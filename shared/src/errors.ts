import { uploadErrorMessages } from './uploads';

/**
 * Stable error codes carried in GraphQL `extensions.code`, with the message the client shows
 * when it has no translation for the code. Messages quoted from SPEC §6 and §8 are exact.
 */
export const errorMessages = {
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
  INVITATION_WITHDRAWN: 'This invitation was withdrawn. Ask the team for a new one.',
  SETUP_LINK_INVALID:
    'This set-up link has expired or was already used. Restart the server to print a new one, or run npm run create-admin.',
  SETUP_DONE: 'This workspace already has an account. Sign in, or ask an administrator to invite you.',
  // SPEC §5 upload errors: the code is the SPEC §8 key in capitals (extensions.key carries the key itself);
  // the texts are uploadErrorMessages', written once.
  UPLOAD_FAILED: uploadErrorMessages.upload_failed,
  AI_CHAT_NO_FILES: uploadErrorMessages.ai_chat_no_files,
  FILE_TOO_LARGE: uploadErrorMessages.file_too_large,
  FILE_INVALID_TYPE: uploadErrorMessages.file_invalid_type,
  TOO_MANY_FILES: uploadErrorMessages.too_many_files,
  FILE_SIZE_LIMIT: uploadErrorMessages.file_size_limit,
  STORAGE_LIMIT_EXCEEDED: uploadErrorMessages.storage_limit_exceeded,
  // Files and folders: refusals a person can cause from the app, so the client shows them in their language.
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
} as const;

export type ErrorCode = keyof typeof errorMessages;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorMessages, value);
}
