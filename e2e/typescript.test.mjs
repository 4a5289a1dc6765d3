// The module's TypeScript declarations, as a dashboard team meets them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const tsc = new URL('../node_modules/.bin/tsc', import.meta.url).pathname;
const dir = new URL('./ts/', import.meta.url).pathname;

test('a strict TypeScript program compiles against the .d.ts, its misuses flagged', () => {
  // Fails if any `@ts-expect-error` line in consumer.ts compiles.
  execFileSync(tsc, ['-p', `${dir}tsconfig.json`], { stdio: 'inherit' });
});

test('a wrong call is a type error', () => {
  const r = spawnSync(tsc, ['-p', `${dir}tsconfig.misuse.json`], { encoding: 'utf8' });
  assert.notEqual(r.status, 0);
  assert.match(r.stdout, /misuse\.ts\(5,\d+\): error TS2345: Argument of type 'number'/);
  assert.match(r.stdout, /misuse\.ts\(6,\d+\): error TS2345: Argument of type '"oauth"'/);
});

test('the public types have no any', () => {
  for (const file of ['index.d.ts', 'builds.d.ts', 'files.d.ts', 'bulk.d.ts', 'elements.d.ts']) {
    const dts = readFileSync(new URL(`../pkg/${file}`, import.meta.url), 'utf8');
    const code = dts.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    assert.doesNotMatch(code, /\bany\b/, file);
  }
});
