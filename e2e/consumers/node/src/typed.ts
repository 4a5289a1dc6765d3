// The package's types as a TypeScript project in Node resolves them: through
// the package's `exports` (its `types` condition), `tsc --strict`.
import { init, GameCloudClient, decodeToken, type DecodedToken } from '@gamecloud/client';

await init();
const client = new GameCloudClient({ baseUrl: 'http://127.0.0.1:8080', token: 't' });
const { builds } = await client.listBuilds('game');
export const size: bigint = builds[0].content_length;
export const decoded: DecodedToken = decodeToken('t');
// @ts-expect-error: init takes a URL, a Response or bytes
await init(42);
// @ts-expect-error: a DataView is not bytes the core reads
await init(new DataView(new ArrayBuffer(8)));
