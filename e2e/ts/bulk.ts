// A dashboard that changes several namespaces at once on
// `@gamecloud/client/bulk`, compiled with `tsc --strict`: correct use
// compiles, each `@ts-expect-error` line is a misuse that must not.
import { GameCloudClient } from '@gamecloud/client';
import { BulkChange, GameCloudError, type BulkProgress, type BulkResult, type BulkStatus } from '@gamecloud/client/bulk';

export async function lockDown(client: GameCloudClient, gameId: string, ids: string[], prod: string, typed: string): Promise<string[]> {
  const change = new BulkChange({
    client,
    gameId,
    namespaces: [...ids, { id: prod, label: 'Production' }],
    setting: { cdnAuth: 'basic' },
    protected: [prod],
    confirmed: { [prod]: typed },
  });
  change.addEventListener('progress', (e: CustomEvent<BulkProgress>) => console.log(e.detail.summary));
  let results: BulkResult[] = await change.run({ signal: AbortSignal.timeout(60_000) });
  if (results.some((r) => r.status === 'failed')) results = await change.retryFailed();
  const statuses: BulkStatus[] = results.map((r) => r.status);
  const why: (string | undefined)[] = results.map((r) => (r.error instanceof GameCloudError ? r.error.kind : undefined));
  return [change.summary, ...statuses, ...why.filter((w): w is string => w !== undefined)];
}

declare const client: GameCloudClient;
// @ts-expect-error: one setting, of a kind the service has
new BulkChange({ client, gameId: 'g', namespaces: ['n'], setting: { cdnAuth: 'oauth' } });
// @ts-expect-error: domain auth is on or off
new BulkChange({ client, gameId: 'g', namespaces: ['n'], setting: { domainAuth: 'yes' } });
// @ts-expect-error: the client makes the calls
new BulkChange({ gameId: 'g', namespaces: ['n'], setting: { domainAuth: true } });
// @ts-expect-error: a result's status is one of the six
export const s: BulkStatus = 'skipped';
