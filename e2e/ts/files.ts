// A dashboard that hands a new token to its game and to a teammate, on
// `@gamecloud/client/files`, compiled with `tsc --strict`: correct use
// compiles, each `@ts-expect-error` line is a misuse that must not.
import {
  init,
  engineFile,
  sealHandoff,
  openHandoff,
  passphraseProblem,
  suggestPassphrase,
  GameCloudError,
  type Engine,
  type EngineFile,
  type Handoff,
  type OpenedHandoff,
} from '@gamecloud/client/files';

export async function handOff(handoff: Handoff, teammate: boolean): Promise<string> {
  await init();
  const engine: Engine = 'godot';
  const file: EngineFile = engineFile(engine, { ...handoff, tokenFromEnv: true });
  const local: string | undefined = file.local?.text;
  if (!teammate) return `${file.fileName} ${file.mime} ${file.text} ${local ?? ''} ${file.snippet}`;
  const passphrase = suggestPassphrase();
  const problem: string | null = passphraseProblem(passphrase);
  const sealed: string = await sealHandoff({ ...handoff, namespaceLabel: 'Staging', protected: true }, passphrase);
  try {
    const opened: OpenedHandoff = await openHandoff(sealed, passphrase);
    const marked: boolean = opened.protected;
    return `${problem} ${opened.namespaceLabel} ${marked}`;
  } catch (e) {
    return e instanceof GameCloudError ? e.issues?.[0]?.path ?? e.kind : String(e);
  }
}

declare const h: Handoff;
// @ts-expect-error: not an engine
engineFile('cryengine', h);
// @ts-expect-error: the hand-off needs its ports
engineFile('env', { token: 't', baseUrl: 'https://x', gameId: 'g', namespaceId: 'n', hostname: 'h' });
// @ts-expect-error: a port's protocol is one the service knows
engineFile('env', { ...h, ports: { game: { protocol: 'quic', port: 1 } } });
// @ts-expect-error: sealing resolves with the file's text, not the contents
export const x: Promise<Handoff> = sealHandoff(h, 'p');
// @ts-expect-error: the passphrase is a string
openHandoff('text', 42);
