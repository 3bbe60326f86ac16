// What the HTTP benchmarks share: wrk (C, epoll; Debian package "wrk") driven by tests/load/paced.lua,
// the server pinned to CPU 0 and wrk to CPU 1 (a Node load generator on a 2-core machine would spend as
// much CPU per request as the server, and its pauses would become the measured tail), a server process
// that prints "BENCH {port}", warming and medians.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const PACER = path.resolve('tests/load/paced.lua');

function onPath(cmd: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function requireWrk(bench: string): void {
  if (onPath('wrk')) return;
  console.error(`The ${bench} benchmark needs wrk: apt-get install -y wrk`);
  process.exit(2);
}

export const PINNED = process.env['BENCH_PIN'] !== '0' && availableParallelism() >= 2 && onPath('taskset');

/** Runs a command on one CPU when pinning is on. */
export const onCpu = (cpu: number, cmd: string, args: string[]): [string, string[]] =>
  PINNED ? ['taskset', ['-c', String(cpu), cmd, ...args]] : [cmd, args];

export interface BenchServer<Info extends { port: number } = { port: number }> {
  base: string;
  /** What the server printed after "BENCH ". */
  info: Info;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `script` (node with the tsx loader, one process) on CPU 0 and waits for "BENCH {port}". */
export async function startBenchServer<Info extends { port: number } = { port: number }>(
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<BenchServer<Info>> {
  const child = spawn(...onCpu(0, process.execPath, [...nodeArgs, '--import', 'tsx', script]), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise<Info>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    createInterface({ input: child.stdout!, crlfDelay: Infinity }).on('line', (line) => {
      if (line.startsWith('BENCH ')) resolve(JSON.parse(line.slice(6)) as Info);
      else console.error(line);
    });
  });
  return {
    base: `http://127.0.0.1:${info.port}`,
    info,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await new Promise((r) => child.once('exit', r));
      clearTimeout(timer);
    },
  };
}

/** Requests every path once (fills the server's caches, as steady traffic would). */
export async function warm(
  base: string,
  paths: string[],
  headers: Record<string, string>,
): Promise<{ bytes: number; statuses: Set<number> }> {
  let bytes = 0;
  const statuses = new Set<number>();
  for (let i = 0; i < paths.length; i += 8) {
    await Promise.all(
      paths.slice(i, i + 8).map(async (p) => {
        const res = await fetch(base + p, { headers });
        statuses.add(res.status);
        bytes += (await res.arrayBuffer()).byteLength;
      }),
    );
  }
  return { bytes: Math.round(bytes / paths.length), statuses };
}

export interface Round {
  requests: number;
  rate: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
}

/**
 * One wrk run on CPU 1 over the paths in `pathsFile`, paced to `rate` requests a second (a rate far
 * above what the server can do measures its ceiling); latencies in milliseconds.
 */
export async function wrkRound(opts: {
  base: string;
  pathsFile: string;
  rate: number;
  durationS: number;
  connections: number;
  headers: Record<string, string>;
}): Promise<Round> {
  const args = ['-t1', `-c${opts.connections}`, `-d${opts.durationS}s`, '--timeout', '5s'];
  for (const [k, v] of Object.entries(opts.headers)) args.push('-H', `${k}: ${v}`);
  args.push('-s', PACER, opts.base, '--', opts.pathsFile, String(opts.rate));
  const wrk = spawn(...onCpu(1, 'wrk', args), { stdio: ['ignore', 'pipe', 'inherit'] });
  let line = '';
  createInterface({ input: wrk.stdout! }).on('line', (l) => {
    if (l.startsWith('WRK ')) line = l.slice(4);
  });
  const code = await new Promise<number | null>((resolve) => wrk.once('close', resolve));
  if (code !== 0 || !line) throw new Error(`wrk exited with ${code} and no summary`);
  const w = JSON.parse(line) as Record<string, number>;
  const ms = (us: number) => us / 1000;
  return {
    requests: w['requests']!,
    rate: w['requests']! / (w['duration_us']! / 1e6),
    p50: ms(w['p50']!),
    p90: ms(w['p90']!),
    p99: ms(w['p99']!),
    max: ms(w['max']!),
    errors: w['connect']! + w['read']! + w['write']! + w['status']! + w['timeout']!,
  };
}

/** Clock ticks a second of /proc/{pid}/stat's utime and stime (USER_HZ; 100 on Linux). */
const TICKS_PER_S = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time a process has used so far (user + system, in microseconds), from /proc; undefined where
 * there is no /proc. Read before and after a round, it gives the server's own cost per answer, which
 * holds still when the other jobs on a shared machine move req/s (docs/benchmarks.md, issue 17).
 */
export function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_S) * 1e6;
  } catch {
    return undefined;
  }
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
