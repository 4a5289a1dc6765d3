// A dashboard that puts the drop-in elements on its pages, on
// `@gamecloud/client/elements`, compiled with `tsc --strict`: correct use
// compiles, each `@ts-expect-error` line is a misuse that must not.
import { GameCloudError, init, setStylesheet, type ChangeDetail, type ElementError, type GameCloudBuilds, type ProtectedNamespace } from '@gamecloud/client/elements';

export async function mountAll(token: () => Promise<string>, audit: (d: ChangeDetail) => void): Promise<void> {
  await init(new URL('/assets/gamecloud_elements_bg.wasm', location.href));
  setStylesheet('/assets/elements.css');
  const builds: GameCloudBuilds = document.createElement('gamecloud-builds');
  builds.setAttribute('game', 'g');
  builds.tokenProvider = token;
  builds.addEventListener('gamecloud-error', (e) => {
    const error: ElementError = e.detail;
    if (error instanceof GameCloudError && error.kind === 'service') console.log(error.status, error.operation);
  });
  const form = document.querySelector('gamecloud-dev-token');
  if (form) {
    form.token = 'a token';
    form.addEventListener('gamecloud-change', (e) => audit(e.detail));
  }
  const settings = document.createElement('gamecloud-namespace-settings');
  const prod: ProtectedNamespace = { id: '7d8e9f10-0000-4000-8000-000000000002', name: 'Production' };
  settings.protected = [prod];
  settings.setAttribute('persist', '');
  const names: string[] = settings.protected.map((p) => p.name);
  console.log(names);
  settings.addEventListener('gamecloud-change', (e) => {
    const operation: 'create-dev-token' | 'set-cdn-auth' | 'set-domain-auth' = e.detail.operation;
    console.log(operation, e.detail.namespaceId, e.detail.value, e.detail.rayId);
  });
  document.body.append(builds, settings);
}

declare const element: GameCloudBuilds;
// @ts-expect-error: the token is a string
element.token = 42;
// @ts-expect-error: a provider is a function
element.tokenProvider = 'token';
// @ts-expect-error: a change names no token
console.log((null as unknown as ChangeDetail).token);
// @ts-expect-error: a protected namespace has a name
element.protected = [{ id: '7d8e9f10-0000-4000-8000-000000000002' }];
// @ts-expect-error: protected namespaces are a list
element.protected = { id: 'x', name: 'y' };
