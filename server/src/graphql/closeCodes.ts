/**
 * Close codes of `/graphql` websockets. The 44xx codes up to 4429 and 4500 are the graphql-ws
 * protocol's own (its client gives up on 4400, 4401, 4406, 4409, 4429 and 4500: a client that
 * breaks the protocol would only break it again); the others are ours and chosen so the
 * graphql-ws client retries them, with its back-off.
 */
export const socketCloseCodes = {
  /** A message that is not a graphql-ws message (protocol). */
  badRequest: 4400,
  /** `subscribe` before `connection_ack` (protocol). */
  unauthorized: 4401,
  /** The connection_init token is forged, revoked or expired; refresh it and reconnect (protocol). */
  forbidden: 4403,
  /** Not the graphql-transport-ws subprotocol (protocol). */
  subprotocolNotAcceptable: 4406,
  /** No connection_init within WS_INIT_TIMEOUT_MS (protocol). */
  initTimeout: 4408,
  /** A `subscribe` reused the id of a running operation (protocol). */
  duplicateId: 4409,
  /** A second connection_init (protocol). */
  tooManyInits: 4429,
  /** The user already holds WS_MAX_SOCKETS_PER_USER connections. */
  tooManySockets: 4430,
  /** Too many refused connection_init credentials from this address (refusedSocketCredentialPerAddress). */
  credentialsRateLimited: 4431,
  /** The client read too slowly: more than WS_MAX_BUFFERED_BYTES waited to be sent. Reconnect and refetch. */
  slowConsumer: 4499,
  /** Something failed on the server; the reason carries the request id it was logged under (protocol). */
  internalError: 4500,
  /** A frame larger than BODY_LIMIT_BYTES, refused by the transport without reading it (RFC 6455). */
  messageTooBig: 1009,
  /** The server is shutting down (RFC 6455). */
  goingAway: 1001,
} as const;

/** A refusal that ends the connection with a code and a short reason, logged as a refusal (not an error). */
export class SocketRefusal extends Error {
  override name = 'SocketRefusal';

  constructor(
    readonly code: number,
    readonly reason: string,
    readonly level: 'info' | 'warn' = 'info',
  ) {
    super(reason);
  }
}
