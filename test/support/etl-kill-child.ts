// Child process of test/replication.test.ts: `runEtl` of argv[2] into argv[3] that kills itself
// (SIGKILL, as the OOM killer or a power cut would) at the first rename of a path matching argv[4]:
// the state a build killed at that moment of its publish leaves on disk, without the cleanup a thrown
// error would run. fs.renameSync is replaced before the ETL's modules are loaded, and the ES module
// exports of node:fs are synced to it, so their `import { renameSync }` gets this one.

import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const [source, dbPath, killAt] = process.argv.slice(2) as [string, string, string];
const rename = fs.renameSync;
fs.renameSync = (from: fs.PathLike, to: fs.PathLike) => {
  if (new RegExp(killAt).test(String(from))) process.kill(process.pid, 'SIGKILL');
  rename(from, to);
};
syncBuiltinESMExports();
const { runEtl } = await import('../../etl/run.ts');
await runEtl({ source, dbPath });
console.log('published: the kill point was never reached');
