// One entry of the package imported alone (`?entry=index|builds|files|bulk`,
// the test copies the package under npm/): loading it fetches that entry's
// wasm and no other.
const out = document.getElementById('result');
const entry = new URLSearchParams(location.search).get('entry');
try {
  const module = await import(`../npm/@gamecloud/client/${entry}.js`);
  await module.init();
  out.textContent = `loaded ${entry}`;
} catch (e) {
  out.textContent = `failed: ${e?.message}`;
}
out.dataset.done = 'true';
