#!/usr/bin/env node
// `gamecloud`: the game cloud service's four operations from a terminal or a
// CI job, over this package's entries: the same validation, the same files
// and the same rule for protected namespaces as the panel. The token is read
// from GAMECLOUD_API_TOKEN only: an argument would stay in the shell's
// history and in the process list. In layers under cli/: `args.js` (the
// command line), `commands.js` (the calls), `output.js` (what is printed),
// and `main.js`, which runs them.
import { run } from './cli/main.js';

await run(process.argv.slice(2));
