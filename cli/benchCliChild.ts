/**
 * The CLI (sim.ts) as the `cli-json` bench row (benchCli.ts) runs it in a child process. The CLI's
 * modules are loaded first, so that `startedAt` is when the CLI begins its work (reading and
 * parsing the file) rather than when tsx began compiling; at exit it writes
 * `{"startedAt", "engineAt": epoch ms or null, "cpuMs", "maxRssKb"}` as the last line of its stderr,
 * synchronously, since an asynchronous write in an exit handler may be lost. `engineAt` is the
 * run.ts mark made as the engine is created (null for a CLI without it, e.g. an older checkout).
 */
import { writeSync } from 'node:fs';

await import('./run.ts');
await import('./sweep.ts');
const startedAt = performance.timeOrigin + performance.now();
process.on('exit', () => {
  const mark = performance.getEntriesByName('rollout-lab:engine-start')[0];
  const engineAt = mark === undefined ? null : performance.timeOrigin + mark.startTime;
  const ru = process.resourceUsage();
  const cpuMs = Math.round((ru.userCPUTime + ru.systemCPUTime) / 1000);
  writeSync(2, `${JSON.stringify({ startedAt, engineAt, cpuMs, maxRssKb: ru.maxRSS })}\n`);
});
await import('./sim.ts');
