/**
 * `@gamecloud/client/builds`: the panel's builds index for a `listBuilds`
 * answer: sorts, a filter, exact sizes, the comparison of two builds, each
 * build's change in size, its size history, and the panel's CSV and JSON
 * exports. Its WebAssembly is its own (`gamecloud_builds_bg.wasm`), loaded
 * only when this entry is used: at {@link init} or {@link BuildsIndex.from},
 * never at import.
 */
import type { BuildSummary, ListBuildsResponse } from './index.js';

export type { BuildSummary, ListBuildsResponse } from './index.js';
export { GameCloudError } from './index.js';

/**
 * Loads this entry's WebAssembly, once (every caller waits for the same
 * load). Await it before `new BuildsIndex()`, or use {@link BuildsIndex.from}.
 *
 * @param wasm Where `gamecloud_builds_bg.wasm` is, when not beside the
 *   module: in a browser a URL to fetch (or a `Response`), in Node a path or
 *   `file:` URL to read; anywhere its bytes.
 * @throws A {@link GameCloudError} of kind `not_loaded` if it cannot load;
 *   calling again tries again.
 */
export function init(
  wasm?: string | URL | Response | PromiseLike<Response> | ArrayBuffer | Uint8Array,
): Promise<void>;

/** A column to sort by: a build's field. `tags` sorts by how many a build has. */
export type BuildColumn =
  | 'display_name'
  | 'build_id'
  | 'upload_id'
  | 'complete'
  | 'content_length'
  | 'create_ts'
  | 'tags';

/** Ascending, or largest, latest and last first. */
export type SortDirection = 'asc' | 'desc';

/** Which uploads a filter keeps. */
export type UploadState = 'all' | 'complete' | 'unfinished';

/** What a filter keeps; each part left out keeps every build. */
export interface BuildsFilter {
  /**
   * Every word of it, in any case, in the name, the build or upload id, or a
   * tag (`key=value`), as the panel's filter.
   */
  text?: string;
  /** Finished uploads, unfinished ones, or both (the default). */
  state?: UploadState;
  /** Tags every build kept carries, with these values. */
  tags?: Record<string, string>;
}

/** Two builds side by side, the older first, as the panel compares them. */
export interface BuildComparison {
  older: BuildSummary;
  newer: BuildSummary;
  /** The newer's size less the older's, in bytes (exact, may be negative). */
  sizeDelta: bigint;
  /** Milliseconds from the older's creation to the newer's. */
  timeMs: number;
  /** Tags only the newer has: `[key, value]`, by key. */
  added: [key: string, value: string][];
  /** Tags only the older has: `[key, value]`, by key. */
  removed: [key: string, value: string][];
  /** Tags whose value changed: `[key, older, newer]`, by key. */
  changed: [key: string, older: string, newer: string][];
}

/**
 * A build's change in size from the build before it of the same name stem
 * (the name without its trailing version: `Nightly v36` follows `Nightly
 * v35`), as the panel's Change column.
 */
export interface SizeChange {
  previous: BuildSummary;
  /** This build's size less the previous one's, in bytes. */
  bytes: bigint;
}

/** One mark of a size chart: one build, or every build of a stretch of time. */
export interface SizeBucket {
  /** When its first build was created (Unix ms). */
  firstMs: number;
  /** When its last build was created (Unix ms). */
  lastMs: number;
  /** How many builds. */
  builds: number;
  /** The smallest size, in bytes. */
  min: bigint;
  /** The largest size, in bytes. */
  max: bigint;
}

/**
 * A game's builds, indexed once, with a current sort (newest first to begin
 * with) and filter (none): {@link BuildsIndex.rows} reads the rows they show.
 * Every method throws a {@link GameCloudError} of kind `invalid_request`
 * (its `issues[0].path` naming the argument) for an argument it cannot use.
 *
 * ```ts
 * const index = await BuildsIndex.from(await client.listBuilds(gameId));
 * index.sort('content_length', 'desc').filter({ text: 'nightly', state: 'complete' });
 * const firstPage = index.rows(0, 50);
 * ```
 */
export class BuildsIndex {
  /** Loads this entry's WebAssembly if it is not yet, then indexes `answer`. */
  static from(answer: ListBuildsResponse): Promise<BuildsIndex>;
  /**
   * Indexes `answer` (as `listBuilds` gives it; sizes may also be whole
   * numbers). Throws a {@link GameCloudError} of kind `not_loaded` before
   * {@link init} resolved, and of kind `invalid_request` naming the first
   * wrong value (`answer.builds[3].create_ts`).
   */
  constructor(answer: ListBuildsResponse);
  /** How many builds the current filter keeps. */
  readonly length: number;
  /** Sorts the rows by a column (ties keep the service's order); returns this index. */
  sort(column: BuildColumn, direction?: SortDirection): this;
  /** Keeps the builds that match, in the current sort; returns this index. */
  filter(filter?: BuildsFilter): this;
  /** `count` rows (all by default) from `start`, in the current order and filter. */
  rows(start?: number, count?: number): BuildSummary[];
  /** Two builds, by id, side by side (any two of the answer, shown or not). */
  compare(a: string, b: string): BuildComparison;
  /** A build's change in size from the one before it, `null` for the first of its name. */
  sizeChange(buildId: string): SizeChange | null;
  /**
   * The shown builds' sizes over time, oldest first: one bucket per build
   * while there are at most `buckets` (200 by default), else that many equal
   * stretches of time (the empty ones left out).
   */
  sizeHistory(options?: { buckets?: number }): SizeBucket[];
  /** The shown rows as the panel's CSV export (RFC 4180, formulas neutralised). */
  toCsv(): string;
  /** The shown rows as the panel's JSON export (`{"builds": [...]}`, sizes exact). */
  toJson(): string;
  /** Frees the index's memory now (it is freed when collected otherwise); any later call throws a {@link GameCloudError} saying so. */
  free(): void;
}
