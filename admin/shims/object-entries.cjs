// node-polyglot asks for the `object.entries` polyfill, whose chain of helpers (get-intrinsic, call-bind, …)
// weighs about 5 KB gzipped at start; every browser the admin supports has Object.entries.
module.exports = Object.entries;
