// The one line the module needs, for server code (server components, route
// handlers): Next leaves the package to Node, whose entry reads the wasm from
// disk; bundled, its own URL would point at the page's server.
// `turbopack.root` only because this project sits inside the repository's
// checkout, which has a lockfile of its own (Next would take the checkout for
// the workspace).
export default {
  serverExternalPackages: ['@gamecloud/client'],
  turbopack: { root: import.meta.dirname },
};
