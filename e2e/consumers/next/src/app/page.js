import Dashboard from './dashboard.js';

// Prerendered at build time: the client component below is rendered on the
// server too, where it must not load the wasm.
export default function Home() {
  return <Dashboard />;
}
