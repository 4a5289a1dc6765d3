// Only because this project sits inside the repository's checkout, which has
// a lockfile of its own: Next.js would take the checkout for the workspace.
// The module itself needs no configuration.
export default { turbopack: { root: import.meta.dirname } };
