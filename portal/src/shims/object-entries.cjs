// Stands in for the `object.entries` package in the portal's build (vite.config.ts): the
// browsers the portal supports all have Object.entries, so its polyfill and the dozen helper
// packages under it would be dead weight in /login's files.
'use strict';

module.exports = function entries(object) {
  return Object.entries(object);
};
