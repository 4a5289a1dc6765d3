// A dashboard built by Vite that imports the package.
import { GameCloudClient, GameCloudError } from '@gamecloud/client';

const out = document.getElementById('out');
document.getElementById('load').addEventListener('click', async () => {
  const game = new URLSearchParams(location.search).get('game') ?? '';
  const client = new GameCloudClient({ baseUrl: location.origin, token: document.getElementById('token').value });
  try {
    const { builds } = await client.listBuilds(game);
    const biggest = builds.reduce((m, b) => (b.content_length > m ? b.content_length : m), 0n);
    out.textContent = `${builds.length} builds, largest ${biggest} bytes`;
  } catch (e) {
    out.textContent = e instanceof GameCloudError ? [e.kind, e.reason ?? e.code].filter(Boolean).join(': ') : String(e);
  }
});
