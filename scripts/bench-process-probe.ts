// Loaded with `node --import` into a service process by scripts/bench-ledger-http.ts (--stages):
// every second it prints one `PROBE {...}` line on stdout with the process's garbage collection
// pauses (V8's own timing, by kind, the longest, and when each of 1 ms or more began) and its event-loop delay (how late a 10 ms
// timer fired: blocking work on the loop plus the time the process waited for a core) and its V8
// heap in use. The
// service itself is not touched; a benchmark reads the lines.

import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const gc = { minor: 0, minorMs: 0, major: 0, majorMs: 0, maxMs: 0 };
/** Each pause of 1 ms or more since the last line: [start (epoch ms), duration (ms)]. */
let pauses: [number, number][] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    // NODE_PERFORMANCE_GC_MINOR = 1 (scavenge); everything else (mark-compact, incremental, weak
    // callbacks) is counted as major.
    const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
    if (kind === 1) {
      gc.minor += 1;
      gc.minorMs += entry.duration;
    } else {
      gc.major += 1;
      gc.majorMs += entry.duration;
    }
    if (entry.duration > gc.maxMs) gc.maxMs = entry.duration;
    if (entry.duration >= 1)
      pauses.push([
        Number((performance.timeOrigin + entry.startTime).toFixed(1)),
        Number(entry.duration.toFixed(1)),
      ]);
  }
}).observe({ entryTypes: ['gc'] });

const resolutionMs = 10;
const delay = monitorEventLoopDelay({ resolution: resolutionMs });
const lateMs = (ns: number) => Number(Math.max(0, ns / 1e6 - resolutionMs).toFixed(2));
delay.enable();
let cpuBefore = process.cpuUsage();
setInterval(() => {
  const cpu = process.cpuUsage(cpuBefore);
  cpuBefore = process.cpuUsage();
  const line = {
    t: Date.now(),
    pid: process.pid,
    cpuMs: (cpu.user + cpu.system) / 1_000,
    gcMinor: gc.minor,
    gcMinorMs: Number(gc.minorMs.toFixed(2)),
    gcMajor: gc.major,
    gcMajorMs: Number(gc.majorMs.toFixed(2)),
    gcMaxMs: Number(gc.maxMs.toFixed(2)),
    // The histogram holds each interval between the timer's runs, in ns: its 10 ms period off.
    loopP50Ms: lateMs(delay.percentile(50)),
    loopP99Ms: lateMs(delay.percentile(99)),
    loopMaxMs: lateMs(delay.max),
    // The V8 heap in use now: its lowest sample over a minute is near the live set (what the last
    // collections kept), which judges a leak better than the RSS, which holds free pages too.
    heapUsedMiB: Number((process.memoryUsage().heapUsed / 2 ** 20).toFixed(1)),
    pauses,
  };
  pauses = [];
  gc.minor = 0;
  gc.minorMs = 0;
  gc.major = 0;
  gc.majorMs = 0;
  gc.maxMs = 0;
  delay.reset();
  process.stdout.write(`PROBE ${JSON.stringify(line)}\n`);
}, 1_000).unref();
