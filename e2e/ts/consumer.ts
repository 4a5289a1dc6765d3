// A dashboard's code, compiled with `tsc --strict`: correct use compiles, and
// each `@ts-expect-error` line proves a misuse is a type error (tsc fails if
// one of them compiles).
import {
  init,
  GameCloudClient,
  GameCloudError,
  validateDevTokenRequest,
  proxyPort,
  decodeToken,
  sendsTokenInClear,
  type BuildSummary,
  type DevTokenRequest,
  type ValidationIssue,
  type ErrorKind,
} from '@gamecloud/client';

const client = new GameCloudClient({ baseUrl: 'http://127.0.0.1:8080', token: async () => 'token', timeoutMs: 5000, retries: 1 });
const request: DevTokenRequest = { hostname: '127.0.0.1', ports: { game: { protocol: 'udp', port_range: { min: 7000, max: 7010 } } } };
const issues: ValidationIssue[] = validateDevTokenRequest(request);
const blocking: boolean = issues.some((i) => i.severity === 'error');

export async function demo(signal: AbortSignal): Promise<string> {
  const loaded: Promise<void> = init();
  await loaded;
  await init(new URL('https://cdn.example.com/gamecloud_core_bg.wasm'));
  await init(new Uint8Array([0, 97, 115, 109]));
  const { builds } = await client.listBuilds('game', { signal });
  const sizes: bigint[] = builds.map((b: BuildSummary) => b.content_length);
  const { token } = await client.createDevToken('game', 'ns', request);
  await client.setCdnAuth('game', 'ns', 'basic');
  await client.setDomainAuth('game', 'ns', false);
  const decoded = decodeToken(token);
  const port = proxyPort('tcp');
  const warned: boolean = sendsTokenInClear('http://gamecloud.example');
  // @ts-expect-error a base URL is a string
  sendsTokenInClear(8080);
  const range = port.kind === 'assigned' ? `${port.min}-${port.max}` : '';
  for (const e of decoded.claims.entitlements) {
    if (e.kind === 'namespace_development') return e.hostname + range + sizes.length + blocking + warned;
  }
  return decoded.kind;
}

export function explain(e: unknown): string {
  if (e instanceof GameCloudError) {
    const kind: ErrorKind = e.kind;
    const retry: number | undefined = e.retryAfterMs;
    if (e.kind === 'not_loaded') return `${e.url ?? ''} ${String(e.cause)}`;
    return `${kind} ${e.status ?? ''} ${e.code ?? ''} ${e.rayId ?? ''} ${retry ?? ''} ${e.message}`;
  }
  return String(e);
}

// @ts-expect-error: the game id is a string
client.listBuilds(42);
// @ts-expect-error: not a CDN auth type
client.setCdnAuth('g', 'n', 'oauth');
// @ts-expect-error: enabled is a boolean
client.setDomainAuth('g', 'n', 'yes');
// @ts-expect-error: hostname is required
client.createDevToken('g', 'n', { ports: {} });
// @ts-expect-error: not a protocol
validateDevTokenRequest({ hostname: 'h', ports: { a: { protocol: 'quic', port: 1 } } });
// @ts-expect-error: a size is a bigint, not a number
export const n: number = ({} as BuildSummary).content_length;
// @ts-expect-error: init takes a URL, a Response or bytes
init(42);
// @ts-expect-error: init resolves with nothing
export const m: Promise<string> = init();
// @ts-expect-error: baseUrl is required
new GameCloudClient({ token: 't' });
