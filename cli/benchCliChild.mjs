// Preloaded (`node --import cli/benchCliChild.mjs …`) into the CLI as the cli-json bench row
// (benchCli.ts) runs it: `npm run sim`'s own command, flags and bundle, with this beside it. At
// exit it writes `{"startedAt", "engineAt", "cpuMs", "maxRssKb", "runCpuMs"}` as the last line of stderr,
// synchronously, since an asynchronous write in an exit handler may be lost: `startedAt` is sim.ts's
// mark once its modules are loaded, `engineAt` run.ts's as the engine is created (null for a run
// that made none), both epoch ms; the CPU time and peak RSS (getrusage's ru_maxrss) are the whole
// process's, start-up included, and count neither the bench nor a build the launcher ran;
// `runCpuMs` is the CPU time from the engine's creation on (the run itself, steadier than the
// wall clock on a shared machine), taken as run.ts makes its mark.
// Plain JavaScript: it must load without tsx, as the bundle does.
import { writeSync } from 'node:fs';

const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
let engineCpuMs = null;
const mark = performance.mark.bind(performance);
performance.mark = (name, options) => {
  if (name === 'rollout-lab:engine-start') engineCpuMs = cpuMs();
  return mark(name, options);
};

process.on('exit', () => {
  const at = (name) => {
    const mark = performance.getEntriesByName(name)[0];
    return mark === undefined ? null : performance.timeOrigin + mark.startTime;
  };
  const ru = process.resourceUsage();
  const report = {
    startedAt: at('rollout-lab:cli-start'),
    engineAt: at('rollout-lab:engine-start'),
    cpuMs: Math.round((ru.userCPUTime + ru.systemCPUTime) / 1000),
    maxRssKb: ru.maxRSS,
    runCpuMs: engineCpuMs === null ? null : Math.round(cpuMs() - engineCpuMs),
  };
  writeSync(2, `${JSON.stringify(report)}\n`);
});
