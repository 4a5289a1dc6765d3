/**
 * Typed calls, validation and token decoding for the game cloud service's four
 * operations. Importing the module does nothing: its WebAssembly core loads on
 * the first call that needs it, or at {@link init}. The same types serve every
 * entry (browsers and bundlers, Node).
 */

/**
 * Loads the WebAssembly core, once: every caller (and every client call) waits
 * for the same load. Await it before the first synchronous call
 * ({@link validateDevTokenRequest}, {@link proxyPort}, {@link decodeToken}),
 * or early, so that the first client call does not wait for it.
 *
 * @param wasm Where the core is, when not beside the module: in a browser a
 *   URL to fetch (or a `Response`), in Node a path or `file:` URL to read;
 *   anywhere its bytes. Only the first load's argument counts.
 * @throws A {@link GameCloudError} of kind `not_loaded` (with `url` and
 *   `cause`) if it cannot load; calling again tries again.
 */
export function init(
  wasm?: string | URL | Response | PromiseLike<Response> | ArrayBuffer | Uint8Array,
): Promise<void>;

/** A port protocol the service knows. Values it adds later arrive as their string. */
export type PortProtocol = 'http' | 'https' | 'tcp' | 'tcp_tls' | 'udp';

/** How visitors authenticate to a namespace's CDN content. */
export type CdnAuthType = 'none' | 'basic';

/** An inclusive port range (`tcp` and `udp` only). */
export interface PortRange {
  min: number;
  max: number;
}

/** One port configuration: a protocol and exactly one of `port` or `port_range`. */
export interface PortConfig {
  protocol: PortProtocol;
  port?: number;
  port_range?: PortRange;
}

/** The body of a development token request. */
export interface DevTokenRequest {
  /** The host game clients connect to, such as `127.0.0.1` or a LAN address. */
  hostname: string;
  /** Port configurations keyed by label (1–16 of `a-z`, `0-9`, `-`). */
  ports?: Record<string, PortConfig>;
}

/** A new development token. It is shown once: the service cannot give it back. */
export interface DevTokenResponse {
  token: string;
}

/** One build as the service summarises it (wire field names). */
export interface BuildSummary {
  build_id: string;
  upload_id: string;
  /** Untrusted text: render it as text, never as HTML. */
  display_name: string;
  /** RFC 3339, e.g. `2024-05-06T09:38:53.550Z`. */
  create_ts: string;
  /** Exact size in bytes, a `bigint` because sizes above 2^53 exist. */
  content_length: bigint;
  /** `false` while the upload is unfinished. */
  complete: boolean;
  tags: Record<string, string>;
}

/** Every build of a game, newest first. */
export interface ListBuildsResponse {
  builds: BuildSummary[];
}

/** A validation code: the service's own where it has one. */
export type IssueCode =
  | 'ports-too-many'
  | 'label-invalid'
  | 'duplicate-port-and-port-range'
  | 'missing-port-and-port-range'
  | 'unsupported-port-range'
  | 'range-min-gt-max'
  | 'ranges-overlap'
  | 'port-protocol-not-unique'
  | 'port-negative'
  | 'port-too-large'
  | 'protocol-unknown'
  | 'hostname-empty'
  | 'hostname-suspicious'
  | 'hostname-too-long'
  | 'port-zero'
  | 'port-above-65535'
  | 'base-url-invalid'
  | 'token-invalid'
  | 'id-invalid'
  | 'value-unknown'
  | 'type-invalid'
  | 'label-duplicate'
  | 'namespace-protected';

/** One problem with a request. */
export interface ValidationIssue {
  code: IssueCode;
  /** Where, keyed by port label: `hostname`, `ports.game.port_range.max`... */
  path: string;
  /** A sentence a person can act on. */
  message: string;
  /** `error` blocks the request; `warning` is accepted but likely a mistake. */
  severity: 'error' | 'warning';
  /** What the service answers for it, or `null` where the service accepts it. */
  serviceCode: 'VALIDATION_ERROR' | 'CLOUD_INVALID_CONFIG' | 'API_BAD_BODY' | null;
}

/** What the matchmaker returns for a port through the service's proxy. */
export type ProxyPort =
  | { kind: 'fixed'; port: number }
  | { kind: 'assigned'; min: number; max: number; tlsAdded: boolean }
  | { kind: 'unknown' };

/** What a decoded token allows. */
export type Entitlement =
  | { kind: 'user'; userId: string | null }
  | { kind: 'namespace_public'; namespaceId: string | null }
  | { kind: 'game_cloud'; gameId: string | null }
  | {
      kind: 'namespace_development';
      namespaceId: string | null;
      hostname: string;
      ports: DevTokenPort[];
    }
  | { kind: 'development_player'; namespaceId: string | null; playerId: string | null }
  | { kind: 'other'; number: number };

/** A port inside a development token. */
export interface DevTokenPort {
  label: string;
  port: number | null;
  protocol: PortProtocol | (string & {});
  /** `[min, max]`, inclusive. */
  portRange: [number, number] | null;
}

/** A token split and decoded. The signature is not verified (no public key is published). */
export interface DecodedToken {
  kind: 'development' | 'cloud' | 'user' | 'public' | 'other';
  /** The unsigned hint before the first dot (`dev_staging`, `cloud`...). */
  label: string | null;
  header: { typ: string | null; alg: string | null };
  claims: {
    /**
     * Expiry, milliseconds since the epoch; `null` = never expires. Exact: a
     * time past the last date (8.64e15 ms) makes `decodeToken` throw.
     */
    expMs: number | null;
    /** Issue time, milliseconds since the epoch (exact, as `expMs`). */
    iatMs: number | null;
    jti: string | null;
    entitlements: Entitlement[];
  };
  signatureLen: number;
}

/** Options of a {@link GameCloudClient}. */
export interface ClientOptions {
  /** The service's base URL, e.g. `https://api.example.com` or `http://127.0.0.1:8080/api/`. */
  baseUrl: string;
  /**
   * The bearer token, or a function returning it (called before each call).
   * A promise it returns is waited for no longer than `timeoutMs`, and the
   * call's `signal` cancels the wait.
   */
  token: string | (() => string | Promise<string>);
  /**
   * The longest one attempt may take, and the longest the token function's
   * promise is waited for, in milliseconds. Default 30000.
   */
  timeoutMs?: number;
  /**
   * How many times a call that is safe to repeat is retried after a network
   * failure, a timeout, 429, 502, 503 or 504 (with backoff, honouring
   * `Retry-After`). Default 2. Creating a token is never retried.
   */
  retries?: number;
}

/** Options of one call. */
export interface CallOptions {
  /**
   * Cancels the call from the moment it is made (the token function's wait
   * included): it rejects with kind `aborted` and is not retried.
   */
  signal?: AbortSignal;
}

/** The machine-readable kind of a {@link GameCloudError}. */
export type ErrorKind =
  | 'invalid_request'
  | 'network'
  | 'cors'
  | 'timeout'
  | 'aborted'
  | 'service'
  | 'unexpected_answer'
  | 'decode'
  | 'not_loaded';

/**
 * Every failure of this package. `message` is a sentence a person can act on.
 * Kind `not_loaded`: a synchronous call before {@link init} resolved, or a
 * load that failed (`url`, `cause`).
 */
export class GameCloudError extends Error {
  readonly name: 'GameCloudError';
  readonly kind: ErrorKind;
  /** `invalid_request`: every problem found before sending. */
  readonly issues?: ValidationIssue[];
  /** `network`: why no answer came. */
  readonly reason?: 'offline' | 'mixed_content' | 'unreachable';
  /** `cors`: what the service must allow. */
  readonly origin?: string;
  readonly method?: string;
  readonly headers?: string[];
  /** `cors`: the URL called; `not_loaded`: where the WebAssembly core was sought. */
  readonly url?: string;
  /** `timeout`: the time one attempt was allowed. */
  readonly timeoutMs?: number;
  /** `service`, `unexpected_answer`, `decode`: the HTTP status. */
  readonly status?: number;
  /** `service`: the service's error code, e.g. `API_RATE_LIMIT`. */
  readonly code?: string;
  /** `service`: the service's own message. */
  readonly serviceMessage?: string;
  /** `service` (and `unexpected_answer` when the header was set): the ray id to quote to support. */
  readonly rayId?: string;
  /** `service`: a link to the error's documentation (only ever `https:` or `http:`). */
  readonly documentation?: string;
  /** `service`: the error's metadata. */
  readonly metadata?: unknown;
  /** `service` 429: how long to wait before trying again. */
  readonly retryAfterMs?: number;
  /** `unexpected_answer`: a short excerpt of what answered, and its content type. */
  readonly excerpt?: string;
  readonly contentType?: string;
  /**
   * `decode`: the JSON path that failed, e.g. `builds[3].content_length`;
   * empty for the whole body, as for an answer larger than the call reads.
   */
  readonly path?: string;
  private constructor(message: string);
}

/** The client: one async method per operation. Every failure rejects with a {@link GameCloudError}. */
export class GameCloudClient {
  /**
   * Checks the options: wrong ones throw a {@link GameCloudError}
   * (`invalid_request`) here once the core is loaded, or else reject the first
   * call. Needs no {@link init}: each call awaits the load.
   */
  constructor(options: ClientOptions);
  /** Creates a development token for a namespace. Never retried automatically. */
  createDevToken(
    gameId: string,
    namespaceId: string,
    request: DevTokenRequest,
    options?: CallOptions,
  ): Promise<DevTokenResponse>;
  /** Lists every build of a game, newest first. */
  listBuilds(gameId: string, options?: CallOptions): Promise<ListBuildsResponse>;
  /** Sets a namespace's CDN authentication type. */
  setCdnAuth(gameId: string, namespaceId: string, authType: CdnAuthType, options?: CallOptions): Promise<void>;
  /** Enables or disables a namespace's domain-based authentication. */
  setDomainAuth(gameId: string, namespaceId: string, enabled: boolean, options?: CallOptions): Promise<void>;
  /** Releases the client's memory in the wasm core (optional; also done on garbage collection). */
  free(): void;
}

/**
 * Every problem with a development token request, errors and warnings, keyed by port label.
 * Synchronous: throws a {@link GameCloudError} (`not_loaded`) before {@link init} resolved.
 */
export function validateDevTokenRequest(request: DevTokenRequest): ValidationIssue[];

/**
 * What the matchmaker returns for a protocol through the proxy (a development token bypasses it).
 * Synchronous: throws a {@link GameCloudError} (`not_loaded`) before {@link init} resolved.
 */
export function proxyPort(protocol: PortProtocol): ProxyPort;

/**
 * Splits and decodes a token. Throws a {@link GameCloudError} (`invalid_request`) if it is
 * malformed, or (`not_loaded`) before {@link init} resolved.
 */
export function decodeToken(token: string): DecodedToken;

/**
 * Whether a base URL would carry the bearer token in clear text across a network: plain
 * `http` to a host other than this machine (loopback addresses, `localhost` and
 * `*.localhost` stay on it). The panel warns of it; a dashboard can say the same. Throws a
 * {@link GameCloudError} (`invalid_request`) if `baseUrl` is not a string, or
 * (`not_loaded`) before {@link init} resolved.
 */
export function sendsTokenInClear(baseUrl: string): boolean;
