// Reads each `.env` of the directories named on the command line with the
// Node readers studios use, and prints what each reader made of it as JSON:
// npm dotenv's parse, dotenv-expand's expand (its current release also runs
// `$(command)`), and Vite's loadEnv (a bundled dotenv-expand). Run from the
// directory a command would write into, so the caller can see that none did.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import dotenv from 'dotenv';
import { expand } from 'dotenv-expand';
import { loadEnv } from 'vite';

const out = {};
for (const dir of process.argv.slice(2)) {
  const text = readFileSync(join(dir, '.env'));
  const parsed = dotenv.parse(text);
  const expanded = expand({ parsed: { ...parsed }, processEnv: {} }).parsed;
  const vite = loadEnv('development', dir, 'GAMECLOUD_');
  out[dir] = { 'npm dotenv': parsed, 'dotenv-expand': expanded, 'Vite loadEnv': vite };
}
process.stdout.write(JSON.stringify(out));
