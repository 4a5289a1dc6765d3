// A dashboard's use of @gamecloud/client, the same in every stack (the test
// copies it to each consumer's src/): validation, a typed fetch, a token
// created then decoded, the builds indexed by the builds entry, the token's
// Godot file written by the files entry, and domain auth set by the bulk
// entry (the elements entry imported, its elements defined, none used). It
// returns what the page shows.
import { init, GameCloudClient, GameCloudError, validateDevTokenRequest, decodeToken } from '@gamecloud/client';
import { init as initBuilds, BuildsIndex } from '@gamecloud/client/builds';
import { init as initFiles, engineFile } from '@gamecloud/client/files';
import { init as initBulk, BulkChange } from '@gamecloud/client/bulk';
// Imported for what it does (it defines the elements), as a dashboard does.
import '@gamecloud/client/elements';

/** Each entry's load, for a page that uses one alone (`?entry=`). */
const entries = { index: init, builds: initBuilds, files: initFiles, bulk: initBulk, elements: showBuilds };

/** A `<gamecloud-builds>` put on the page; resolves once it shows its page. */
async function showBuilds() {
  const el = document.createElement('gamecloud-builds');
  document.body.append(el);
  for (let waited = 0; !el.shadowRoot?.querySelector('.gc-page'); waited += 50) {
    if (waited > 20_000) throw new Error('<gamecloud-builds> showed nothing in 20 s: is it defined?');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** How many wasm files the page has fetched (none in Node, which reads them from disk). */
const wasmFetched = () =>
  typeof performance.getEntriesByType === 'function'
    ? performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith('.wasm')).length
    : 0;

const request = { hostname: '192.168.1.20', ports: { game: { protocol: 'udp', port_range: { min: 7000, max: 7010 } } } };

/** The three calls against the service at `baseUrl`. */
export async function dashboard({ baseUrl, token, gameId, namespaceId }) {
  // Importing loaded nothing: a synchronous call says to await init().
  let beforeInit = 'loaded at import';
  try {
    validateDevTokenRequest(request);
  } catch (e) {
    beforeInit = e instanceof GameCloudError ? `${e.kind}: ${e.message}` : String(e);
  }
  const client = new GameCloudClient({ baseUrl, token });
  // The first call loads the core; init() waits for the same load.
  const [{ builds }] = await Promise.all([client.listBuilds(gameId), init()]);
  const largest = builds.reduce((m, b) => (b.content_length > m ? b.content_length : m), 0n);
  const issues = validateDevTokenRequest({ hostname: ' ', ports: { Bad: { protocol: 'tcp' } } });
  const { token: devToken } = await client.createDevToken(gameId, namespaceId, request);
  const decoded = decodeToken(devToken);
  // The builds entry's wasm is fetched when an index is first built, not before.
  const wasmBeforeIndex = wasmFetched();
  const index = await BuildsIndex.from({ builds });
  const [largestRow] = index.sort('content_length', 'desc').rows(0, 1);
  await initFiles();
  const godot = engineFile('godot', { token: devToken, baseUrl, gameId, namespaceId, hostname: request.hostname, ports: request.ports });
  const [bulk] = await new BulkChange({ client, gameId, namespaces: [namespaceId], setting: { domainAuth: true } }).run();
  return {
    bulkStatus: bulk.status,
    godotFile: godot.fileName,
    godotHasToken: godot.text.includes(`token="${devToken}"`),
    wasmBeforeIndex,
    indexedLargest: String(largestRow.content_length),
    nightlies: index.filter({ text: 'NIGHTLY' }).length,
    beforeInit,
    builds: builds.length,
    sizeType: typeof largest,
    largest: String(largest),
    issues: issues.map((i) => i.path),
    valid: validateDevTokenRequest(request).length === 0,
    tokenKind: decoded.kind,
    hostname: decoded.claims.entitlements[0].hostname,
  };
}

/**
 * The page: reads the service, token and ids from its query, shows the
 * outcome; with `?entry=` (`index`, `builds`, `files`, `bulk`, `elements`),
 * loads that entry alone.
 */
export async function show(out) {
  const q = new URLSearchParams(location.search);
  const entry = q.get('entry');
  if (entry) {
    try {
      await entries[entry]();
      out.textContent = `loaded ${entry}`;
    } catch (e) {
      out.textContent = `failed: ${e?.message}`;
    }
    out.dataset.done = 'true';
    return;
  }
  const args = { baseUrl: q.get('service') ?? location.origin, token: q.get('token'), gameId: q.get('game'), namespaceId: q.get('ns') };
  try {
    out.textContent = JSON.stringify(await dashboard(args));
  } catch (e) {
    out.textContent = `failed: ${e?.name} ${e?.kind ?? ''} ${e?.message}`;
  }
  out.dataset.done = 'true';
}
