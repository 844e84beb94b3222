// Run before every package script, by whatever Node is on PATH: written for old versions too, so a
// too-old Node stops here with what to do instead of failing later on TypeScript or a flag.
'use strict';
var major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    'Better Health needs Node 24 or newer; this is Node ' + process.versions.node + '.\n' +
      'Run `bash scripts/run.sh start` (or `... test`): it installs Node 24 and pnpm into ~/.cache/better-health\n' +
      'and runs the command with them. Or install Node 24 yourself and put it first on PATH.'
  );
  process.exit(1);
}
