// A dashboard's builds table on `@gamecloud/client/builds`, compiled with
// `tsc --strict`: correct use compiles, each `@ts-expect-error` line is a
// misuse that must not.
import { GameCloudClient } from '@gamecloud/client';
import {
  init,
  BuildsIndex,
  GameCloudError,
  type BuildColumn,
  type BuildComparison,
  type BuildSummary,
  type SizeBucket,
  type SizeChange,
} from '@gamecloud/client/builds';

export async function table(client: GameCloudClient, gameId: string): Promise<string> {
  await init(new URL('https://cdn.example.com/gamecloud_builds_bg.wasm'));
  const index: BuildsIndex = await BuildsIndex.from(await client.listBuilds(gameId));
  const column: BuildColumn = 'content_length';
  const page: BuildSummary[] = index.sort(column, 'desc').filter({ text: 'nightly', state: 'complete', tags: { channel: 'beta' } }).rows(0, 50);
  const shown: number = index.length;
  const [a, b] = page;
  const c: BuildComparison = index.compare(a.build_id, b.build_id);
  const delta: bigint = c.sizeDelta;
  const changed: [string, string, string][] = c.changed;
  const change: SizeChange | null = index.sizeChange(a.build_id);
  const bytes: bigint | undefined = change?.bytes;
  const chart: SizeBucket[] = index.sizeHistory({ buckets: 120 });
  const biggest: bigint = chart[0].max;
  try {
    new BuildsIndex({ builds: [] });
  } catch (e) {
    if (e instanceof GameCloudError && e.kind === 'invalid_request') return e.issues?.[0]?.path ?? '';
  }
  index.free();
  return `${shown} ${delta} ${changed.length} ${bytes} ${biggest} ${index.toCsv()} ${index.toJson()}`;
}

declare const index: BuildsIndex;
// @ts-expect-error: not a column (the columns are a build's field names)
index.sort('size');
// @ts-expect-error: a direction is 'asc' or 'desc'
index.sort('display_name', 'down');
// @ts-expect-error: not an upload state
index.filter({ state: 'done' });
// @ts-expect-error: a tag's value is a string
index.filter({ tags: { channel: 1 } });
// @ts-expect-error: a size is a bigint
export const size: number = index.rows()[0].content_length;
// @ts-expect-error: the length is read, not set
index.length = 3;
// @ts-expect-error: the builds of an answer, not an array of them
new BuildsIndex([]);
