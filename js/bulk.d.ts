/**
 * `@gamecloud/client/bulk`: one namespace setting applied to several
 * namespaces as the panel applies it: a result per namespace, three calls at
 * a time, every call paused as long as a 429 asks (up to a minute; a longer
 * pause fails that namespace), a retry of what did not succeed, an
 * `AbortSignal`, progress events, and protected namespaces changed only when
 * the name typed for them confirms it. Its WebAssembly is its own
 * (`gamecloud_bulk_bg.wasm`), loaded at {@link init} or the first run, never
 * at import. The calls are made by the `GameCloudClient` given, with its
 * timeout and retries.
 */
import type { CdnAuthType, GameCloudClient, GameCloudError } from './index.js';

export type { CdnAuthType } from './index.js';
export { GameCloudError } from './index.js';

/** Loads this entry's WebAssembly, once; the first {@link BulkChange.run} waits for it itself. */
export function init(
  wasm?: string | URL | Response | PromiseLike<Response> | ArrayBuffer | Uint8Array,
): Promise<void>;

/**
 * Whether `typed` confirms a protected namespace whose name is `name` (its
 * label, or its id without one), as the panel's confirmation reads it:
 * spaces and the case of ASCII letters do not count. For a confirm button
 * that turns on as the person types. Synchronous: throws a
 * {@link GameCloudError} of kind `not_loaded` before {@link init} resolved.
 */
export function confirms(typed: string, name: string): boolean;

/** The one setting a change applies. */
export type BulkSetting = { cdnAuth: CdnAuthType } | { domainAuth: boolean };

/** A namespace to change: its id, or its id and the label a person knows it by. */
export type BulkTarget = string | { id: string; label?: string };

export interface BulkOptions {
  /** Makes the calls, with its base URL, token, timeout and retries. */
  client: GameCloudClient;
  gameId: string;
  /** The namespaces, in this order: each changed once, however its id is spelt (the first spelling's result is given). */
  namespaces: BulkTarget[];
  setting: BulkSetting;
  /** The ids of the namespaces a person marked protected (UUIDs, however spelt: `run` refuses other text, which would protect nothing). */
  protected?: string[];
  /**
   * For each protected namespace to change, by its id: the name a person
   * typed for it. It must be the namespace's label (its id when it has
   * none); spaces and the case of ASCII letters do not count. A protected
   * namespace without it is sent nothing (status `refused`).
   */
  confirmed?: Record<string, string>;
}

/**
 * Where one namespace is: `waiting` or `running` during a run; `done`;
 * `failed` (its `error` says why); `not_sent` (the run was aborted before
 * its call); `refused` (protected, and its name was not confirmed: nothing
 * was sent).
 */
export type BulkStatus = 'waiting' | 'running' | 'done' | 'failed' | 'not_sent' | 'refused';

export interface BulkResult {
  namespaceId: string;
  label: string;
  status: BulkStatus;
  /** Why it failed (the call's error), or why it was refused (kind `invalid_request`). */
  error?: GameCloudError;
}

/** The detail of a `progress` event: every namespace's result so far. */
export interface BulkProgress {
  results: BulkResult[];
  /** What was and was not changed, every namespace counted: `2 of 5 changed, 1 failed, 1 not sent (protected, not confirmed), 1 to go.` */
  summary: string;
}

/**
 * One setting applied to several namespaces. Dispatches a `progress` event
 * (a `CustomEvent<BulkProgress>`) as each call starts and ends.
 *
 * ```ts
 * const change = new BulkChange({ client, gameId, namespaces: [staging, { id: prod, label: 'Production' }],
 *   setting: { cdnAuth: 'basic' }, protected: [prod], confirmed: { [prod]: typedByThePerson } });
 * change.addEventListener('progress', (e) => render(e.detail.results));
 * const results = await change.run({ signal: AbortSignal.timeout(60_000) });
 * if (results.some((r) => r.status === 'failed')) await change.retryFailed();
 * ```
 */
export class BulkChange extends EventTarget {
  /**
   * Checks the options and keeps a copy of them (changing the lists given
   * later changes nothing): wrong ones throw a {@link GameCloudError} of kind
   * `invalid_request` naming the option.
   */
  constructor(options: BulkOptions);
  /**
   * Runs the change; resolves with a result per namespace, in the order
   * given, once its run ends. Rejects (kind `invalid_request`) while a run
   * of this change goes.
   */
  run(options?: { signal?: AbortSignal }): Promise<BulkResult[]>;
  /**
   * Sends again to the failed and the not sent (what is done stays done);
   * resolves as {@link run}, and rejects as it while a run goes.
   */
  retryFailed(options?: { signal?: AbortSignal }): Promise<BulkResult[]>;
  /** Every namespace's result now. */
  readonly results: BulkResult[];
  /** What was and was not changed, in one sentence. */
  readonly summary: string;
  addEventListener(type: 'progress', listener: (event: CustomEvent<BulkProgress>) => void, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void;
  removeEventListener(type: 'progress', listener: (event: CustomEvent<BulkProgress>) => void, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions): void;
}
