// npm run bench:etl [-- --sejm | --radoskop | --scale | --poland [--fraction F]] [-- --radni N --glosowania N --rady N] [-- --keep PATH]
// Builds a source, then runs the full ETL in a fresh child process and prints its wall time per
// stage, its peak RSS and the database's size. Default: a generated council of 500 councillors ×
// 3,000 votes (issue 3); --sejm: the full 10th term of the Sejm from ../shared/data (issue 7);
// --scale: 200 councils × 25 councillors × 1,000 votes (issue 8); --radoskop: the real councils in
// ../shared/data/radoskop (issue 14); --poland: every council of Polish local government, one term,
// ~100 million ballots (tools/generate/poland.ts), or with --fraction F every k-th of them, the
// figures then also extrapolated linearly to the full plan. Targets for the full plan (issue 47): ≤ 10 min and ≤ 2 GiB
// (issue 27's were 15 min and 3 GB).
// --budget: runs the Sejm term and a tenth of Poland (each as above, one after the other) and exits
// non-zero, naming the stage, when a stage, the total or the peak RSS exceeds its budget
// (./etl-budget.ts, docs/PERFORMANCE.md) by more than 10 %. Run it before you stop; it is not a test.
// --json PATH: also write the run's figures there (what --budget reads).

import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SourceFormat } from '../core/sources.ts';
import { runEtl, type EtlSummary } from '../etl/run.ts';
import { renderStoredAnswers } from '../src/answers/render.ts';
import { BUDGETS, type Measured, overBudget } from './etl-budget.ts';
import { describePlan, planTotals, polandPlan } from '../tools/generate/poland.ts';

const here = fileURLToPath(import.meta.url);

interface StageMeasure {
  maxRssKb: number;
  heapMib: number;
  cpuMs: number;
}
const cli = fileURLToPath(new URL(here.endsWith('.ts') ? '../cli/council.ts' : '../cli/council.js', import.meta.url));
const nodeArgs = here.endsWith('.ts') ? ['--import', 'tsx'] : [];

if (process.argv[2] === '--measure') {
  // Child mode: one ETL run, figures as JSON on stdout.
  const [, , , source, format, dbPath] = process.argv as [string, string, string, string, SourceFormat, string];
  // The process's peak RSS and the JS heap in use as each stage ends: which stage raised the peak. The
  // CPU time of each stage (all threads): above its wall time when the parse worker ran beside it.
  const memory: Record<string, StageMeasure> = {};
  let cpuBefore = process.cpuUsage();
  const onStage = (stage: string) => {
    const cpu = process.cpuUsage(cpuBefore);
    cpuBefore = process.cpuUsage();
    memory[stage] = {
      maxRssKb: process.resourceUsage().maxRSS,
      heapMib: process.memoryUsage().heapUsed / 2 ** 20,
      cpuMs: (cpu.user + cpu.system) / 1000,
    };
  };
  const summary: EtlSummary = await runEtl({ source, format, dbPath, render: renderStoredAnswers, onStage });
  console.log(JSON.stringify({ summary, maxRssKb: process.resourceUsage().maxRSS, memory }));
  process.exit(0);
}

if (process.argv.includes('--budget')) {
  // Each run in a child of its own (a fresh process: one's peak RSS is not the other's), figures through --json.
  const dir = mkdtempSync(join(tmpdir(), 'council-budget-'));
  const runs = [
    { name: 'sejm', args: ['--sejm'] },
    { name: 'poland-0.1', args: ['--poland', '--fraction', '0.1'] },
  ] as const;
  const over: string[] = [];
  try {
    for (const { name, args } of runs) {
      const json = join(dir, `${name}.json`);
      const run = spawnSync(process.execPath, [...nodeArgs, here, ...args, '--json', json], { stdio: 'inherit' });
      if (run.status !== 0) {
        console.error(`bench:etl --budget: the ${name} run failed (exit ${run.status})`);
        process.exit(1);
      }
      if (!existsSync(json)) {
        console.error(`bench:etl --budget: the ${name} run was skipped (its source is missing): no budget checked`);
        process.exit(1);
      }
      over.push(...overBudget(name, BUDGETS[name], JSON.parse(readFileSync(json, 'utf8')) as Measured));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (over.length > 0) {
    console.error(`\nover budget (docs/PERFORMANCE.md, bench/etl-budget.ts):\n${over.join('\n')}`);
    process.exit(1);
  }
  console.log('\nwithin budget: the Sejm term and a tenth of Poland, every stage, the totals and the peak RSS');
  process.exit(0);
}

const argValue = (flag: string, fallback: string) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const mode =
  (['sejm', 'radoskop', 'scale', 'poland'] as const).find((m) => process.argv.includes(`--${m}`)) ?? 'council';
const fraction = mode === 'poland' ? Number(argValue('--fraction', '1')) : 1;
if (!(fraction > 0 && fraction <= 1) || (mode !== 'poland' && process.argv.includes('--fraction'))) {
  console.error('bench:etl: --fraction takes a number in (0, 1] and goes with --poland');
  process.exit(2);
}
/** --keep PATH: move the built database there instead of deleting it (same file system as the temporary folder). */
const keep = process.argv.includes('--keep') ? argValue('--keep', '') : undefined;
if (keep === '') {
  console.error('bench:etl: --keep takes the path to keep the database at');
  process.exit(2);
}
const started = performance.now();
const seconds = (since: number) => (performance.now() - since) / 1000;
const bytes = (path: string) => statSync(path).size;
const gb = (n: number) => `${(n / 1e9).toFixed(2)} GB`;
/** A source in ../shared/data beside the repository (from dist/bench when compiled). */
const sharedData = (name: string) =>
  fileURLToPath(new URL(`${here.endsWith('.ts') ? '../../' : '../../../'}shared/data/${name}`, import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'council-bench-'));
try {
  let source: string;
  let format: SourceFormat = 'csv';
  let described: string;
  let generation: { seconds: number; bytes: number } | undefined;
  if (mode === 'sejm' || mode === 'radoskop') {
    source = sharedData(mode === 'sejm' ? 'sejm-term10.tar.gz' : 'radoskop');
    if (!existsSync(source)) {
      console.log(`skipped: ${source} not found (the real data lives in ../shared/data beside the repository)`);
      process.exit(0);
    }
    format = mode;
    described = mode === 'sejm' ? `Sejm term 10 (${source})` : `the Radoskop councils in ${source}`;
  } else {
    const sizes = Object.fromEntries(
      Object.entries(
        mode === 'scale'
          ? { '--rady': '200', '--radni': '25', '--glosowania': '1000' }
          : { '--radni': '500', '--glosowania': '3000' },
      ).map(([flag, size]) => [flag, argValue(flag, size)]),
    );
    const args =
      mode === 'poland'
        ? ['--poland', ...(fraction < 1 ? ['--fraction', String(fraction)] : [])]
        : Object.entries(sizes).flat();
    source = join(work, 'bundle');
    described = `council generate ${args.join(' ')}`;
    console.log(
      `generating: ${described}${mode === 'poland' ? ` into ${source} (the full plan: ~4.7 GB of CSV, ~17 GB of database)` : ''}`,
    );
    const generating = performance.now();
    execFileSync(process.execPath, [...nodeArgs, cli, 'generate', '--out', source, ...args], { stdio: 'inherit' });
    generation = {
      seconds: seconds(generating),
      bytes: readdirSync(source).reduce((sum, file) => sum + bytes(join(source, file)), 0),
    };
    console.log(`generation: ${generation.seconds.toFixed(2)} s, bundle ${gb(generation.bytes)} on disk`);
  }

  console.log(`\nETL of ${described}`);
  const child = spawnSync(process.execPath, [...nodeArgs, here, '--measure', source, format, join(work, 'bench.db')], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (child.status !== 0) throw new Error(`the ETL run failed (exit ${child.status})`);
  const { summary, maxRssKb, memory } = JSON.parse(child.stdout.trim().split('\n').pop()!) as {
    summary: EtlSummary;
    maxRssKb: number;
    memory: Record<string, StageMeasure>;
  };
  const dbBytes = bytes(join(work, 'bench.db'));
  const wall = seconds(started);

  console.log(
    `\n| stage | rows | seconds | CPU seconds | peak RSS so far (MiB) | JS heap after (MiB) |\n|---|---:|---:|---:|---:|---:|`,
  );
  for (const s of summary.stages) {
    const m = memory[s.stage];
    console.log(
      `| ${s.stage} | ${s.rows.toLocaleString('en')} | ${(s.ms / 1000).toFixed(2)} | ${m ? (m.cpuMs / 1000).toFixed(2) : ''} | ` +
        `${m ? (m.maxRssKb / 1024).toFixed(0) : ''} | ${m ? m.heapMib.toFixed(0) : ''} |`,
    );
  }
  const cpuSeconds = Object.values(memory).reduce((sum, m) => sum + m.cpuMs, 0) / 1000;
  console.log(
    `| **total** | ${summary.counts.glosy.toLocaleString('en')} ballots | **${summary.seconds.toFixed(2)}** | ${cpuSeconds.toFixed(2)} | | |`,
  );
  const poland = mode === 'poland';
  console.log(
    `\npeak RSS: ${(maxRssKb / 1024).toFixed(0)} MiB${poland ? ' (target for the full plan ≤ 2 GiB: issue 47)' : ''}`,
  );
  console.log(
    `ETL: ${summary.seconds.toFixed(2)} s${poland ? ' (target for the full plan ≤ 10 min: issue 47)' : ''}; database ${gb(dbBytes)}; ` +
      `wall time in all${generation ? ' (generation + ETL)' : ''}: ${wall.toFixed(2)} s`,
  );
  console.log(`counts: ${JSON.stringify(summary.counts)}`);
  const json = process.argv.includes('--json') ? argValue('--json', '') : undefined;
  if (json) {
    const measured: Measured = { stages: summary.stages, seconds: summary.seconds, maxRssKb };
    writeFileSync(json, JSON.stringify(measured));
  }
  if (poland && fraction < 1 && generation) {
    // Linear in the ballots: the full plan's expected ballots over the ballots of this sample.
    const full = planTotals(polandPlan());
    const k = full.expectedBallots / summary.counts.glosy;
    const minutes = (s: number) => `${((s * k) / 60).toFixed(1)} min`;
    console.log(`\nfull plan: ${describePlan(full)}`);
    console.log(
      `extrapolated linearly (× ${k.toFixed(1)}, by ballots): generation ${minutes(generation.seconds)}, ETL ${minutes(summary.seconds)} ` +
        `(target ≤ 10 min), wall ${minutes(wall)}; bundle ${gb(generation.bytes * k)}, database ${gb(dbBytes * k)}`,
    );
  }
  if (keep) {
    renameSync(join(work, 'bench.db'), keep);
    console.log(`database kept at ${keep} (walk it: npm run bench:api -- --db ${keep} --sample 20000)`);
  }
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
