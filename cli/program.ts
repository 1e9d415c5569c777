// `council`'s commands (the entry is cli/council.ts): thin commands over the library. Each calls one
// function, prints what it did, and on failure prints one clear message and exits non-zero. Built and
// run by `runCouncil`, in the process (cli/council.ts) or in a test (test/usage-errors.test.ts: the
// usage errors without a process per case, issue 41), with what it prints and the exit code as its own.

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { constants as osConstants } from 'node:os';
import { basename, resolve } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { formatBytes } from '../core/disk-full.ts';
import type { KilledBuildLeftovers } from '../etl/publish.ts';
import { countOf, reportLines } from '../etl/findings.ts';
import { RADOSKOP_API, SEJM_API, SOURCE_FORMAT_HELP, SOURCE_FORMATS, type SourceFormat } from '../core/sources.ts';
import type { EtlOptions, EtlSummary } from '../etl/run.ts';
import type { SourcePart } from '../etl/sources/index.ts';
import type { RefreshMessage } from '../core/refresh-protocol.ts';
import type { FetchSummary } from '../etl/fetch/mirror.ts';

// What a command does is imported when it runs (`await import` in its action), not here: each `council`
// is a process of its own (a build's supervisor and its child, the server's refresh), and loading the
// server, the renderer and the ETL for every one of them cost about a second of CPU before its first
// line (issue 41). What is imported here is what every command, or the supervisor, needs; the
// configuration (zod, 95 modules), SQLite and the manifest are not: with them `council --version` took
// 0.43 CPU s, without them 0.19, and a build's supervisor 0.24 (the test suite starts about sixty).

/** The configuration, parsed by the command that needs it (see above). */
const loadConfig = async (...args: Parameters<typeof import('../src/config.ts').loadConfig>) =>
  (await import('../src/config.ts')).loadConfig(...args);

/** The stored answers' renderer, loaded when a build renders (it loads the whole app; a refresh that finds nothing new never does). */
const renderStoredAnswers: NonNullable<EtlOptions['render']> = async (db) =>
  (await import('../src/answers/render.ts')).renderStoredAnswers(db);

const positiveInt = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('must be a positive whole number');
  return Number(value);
};

const fraction = (value: string): number => {
  const n = Number(value);
  if (!/^\d*\.?\d+$/.test(value) || !(n > 0 && n <= 1))
    throw new InvalidArgumentError('must be a number in (0, 1], e.g. 0.01');
  return n;
};

const formatOption = () =>
  new Option(
    '--format <format>',
    `source format: ${SOURCE_FORMATS.map((f) => `${f} (${SOURCE_FORMAT_HELP[f]})`).join(', ')}`,
  )
    .choices(SOURCE_FORMATS)
    .default('csv');

/** Where a run of the commands prints, and whom it tells what happened. */
export interface CouncilIo {
  /** Standard output and standard error, as written (lines end in \n). */
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** The parent that forked this command (the server's refresh), told each event; nobody in a test. */
  tell: (message: RefreshMessage) => Promise<void>;
}

/** Forked by the server's refresh with an IPC channel: the same events as typed messages (core/refresh-protocol.ts). */
const tellParent = (message: RefreshMessage) =>
  new Promise<void>((sent) => {
    if (!process.send) return sent();
    process.send(message, undefined, {}, () => sent());
  });

/** The process's own streams and parent. */
export const PROCESS_IO: CouncilIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  tell: tellParent,
};

/** A run's printing: a line to standard output or error. */
interface Say {
  out: (line: string) => void;
  err: (line: string) => void;
}
const sayTo = (io: CouncilIo): Say => ({
  out: (line) => io.stdout(`${line}\n`),
  err: (line) => io.stderr(`${line}\n`),
});

const printStage = (say: Say, stage: string, rows: number, ms: number) =>
  say.out(
    `  ${stage.padEnd(28)} ${rows.toLocaleString('en').padStart(11)} rows ${(ms / 1000).toFixed(2).padStart(8)} s`,
  );

/**
 * In the child of a supervised build: when the supervisor is gone without a word (killed with SIGKILL), the
 * build stops the way a killed build stops, leaving its files for the next run to remove (as after a crash).
 */
function watchSupervisor(): void {
  process.channel?.unref(); // the channel alone keeps nothing alive
  process.once('disconnect', () => {
    if (!lettingGo) process.kill(process.pid, 'SIGKILL');
  });
}

/** Set when this process closes its IPC channel itself (letParentGo): then the disconnect is no supervisor's death. */
let lettingGo = false;
/** Closes the IPC channel to the parent (the server's refresh or the supervisor), which would keep this process alive. */
function letParentGo(): void {
  lettingGo = true;
  process.disconnect?.();
}

/** Set in the child process that does the work of a supervised build (superviseBuild). */
const SUPERVISED = 'COUNCIL_SUPERVISED_BUILD';

function describeLeftovers(left: KilledBuildLeftovers): string {
  if (left === null) return 'another build holds the build lock now; it removes what this one left when it starts';
  const named = left.map(({ path, bytes }) =>
    path.endsWith('.lock') ? `the build lock ${basename(path)}` : `${path} (${formatBytes(bytes)})`,
  );
  return `removed ${named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0]}`;
}

/** The supervised child's word before it builds: its database, and the snapshot published there then. */
interface BuildTarget {
  type: 'build-target';
  dbPath: string;
  before: string | undefined;
}

/**
 * A build started from the command line runs in a child process (this command again), so that Ctrl-C
 * or SIGTERM is acted on at once — the build may be inside a long synchronous step, where no signal
 * handler of its own would run — and what the killed build left (its build file, a pending manifest,
 * its spill files, the lock) is removed, and said, before this process exits (130 for SIGINT, 143 for
 * SIGTERM). Not when the server forked this command (its refresh cleans up after a killed child), nor in
 * the child itself. Called before the configuration is read: the child reads it, and names its database
 * before it builds (buildTargetToSupervisor). Resolves true when the child did the work (the exit code is
 * set), false when this process is to do it.
 */
async function superviseBuild(say: Say, status: RunStatus): Promise<boolean> {
  if (process.env[SUPERVISED]) {
    watchSupervisor();
    return false;
  }
  if (process.send) return false;
  // The IPC channel tells the child when this process is gone: killed with SIGKILL it cannot pass the signal
  // on, and the build must stop as if it had been killed itself (watchSupervisor).
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [SUPERVISED]: '1' },
  });
  let target: BuildTarget | undefined;
  child.on('message', (message: BuildTarget | RefreshMessage) => {
    if (message.type !== 'build-target') return; // the refresh's own events are the server's, not ours
    target = message;
    child.send({ type: 'go' });
  });
  let received: NodeJS.Signals | undefined;
  // A terminal's Ctrl-C reaches the child too (one process group); a service manager's SIGTERM only this one.
  const stop = (signal: NodeJS.Signals) => {
    received ??= signal;
    child.kill(signal);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) => {
    child.once('close', (code, signal) => resolveExit({ code, signal }));
    child.once('error', (error) => {
      say.err(`council: cannot start the build: ${error.message}`);
      resolveExit({ code: 1, signal: null });
    });
  });
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  if (exit.signal === null) {
    status.exitCode = exit.code ?? 1; // finished (or failed) by itself: its own cleanup ran
    return true;
  }
  const signal = received ?? exit.signal;
  const stopped = received ? `interrupted (${signal})` : `the build process was killed (${signal})`;
  status.exitCode = 128 + (osConstants.signals[signal] ?? 0);
  if (!target) {
    say.err(`council: ${stopped} before it began to build; nothing to remove`);
    return true;
  }
  const [{ removeKilledBuild }, { snapshotMetaOf }] = await Promise.all([
    import('../etl/publish.ts'),
    import('../core/snapshot/manifest.ts'),
  ]);
  const { dbPath, before } = target;
  const left = removeKilledBuild(resolve(dbPath), child.pid);
  const after = snapshotMetaOf(dbPath)?.snapshot;
  const published =
    after !== before
      ? `snapshot ${after} had been published at ${dbPath} before it stopped`
      : `the published snapshot ${dbPath} is unchanged`;
  say.err(`council: ${stopped}; ${describeLeftovers(left)}; ${published}`);
  return true;
}

/**
 * In the child of a supervised build, before it builds: names its database and what is published there
 * to the supervisor, and waits for its word, so that the supervisor knows both before anything changes.
 */
async function buildTargetToSupervisor(dbPath: string): Promise<void> {
  if (!process.env[SUPERVISED] || !process.send) return;
  const { snapshotMetaOf } = await import('../core/snapshot/manifest.ts');
  const target: BuildTarget = { type: 'build-target', dbPath, before: snapshotMetaOf(dbPath)?.snapshot };
  process.channel?.ref(); // watchSupervisor let the channel go; the word must keep this process waiting
  const go = once(process, 'message');
  process.send(target);
  await go;
  process.channel?.unref();
}

/** One line per council of a multi-council source: what it contributed and its warnings by kind. */
function printParts(say: Say, parts: SourcePart[]): void {
  for (const part of parts) {
    const counts = Object.entries(part.counts)
      .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
      .join(', ');
    const kinds = Object.entries(part.warnings).sort(([, a], [, b]) => b - a);
    const total = kinds.reduce((sum, [, n]) => sum + n, 0);
    say.out(`  ${part.name}: ${counts}; ${countOf(total, 'warning')}`);
    for (const [kind, n] of kinds) say.out(`    ${n.toLocaleString('en').padStart(6)} × ${kind}`);
  }
}

function printSummary(say: Say, summary: EtlSummary, dbPath: string): void {
  const counts = Object.entries(summary.counts)
    .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
    .join(', ');
  say.out(`published ${dbPath} (snapshot ${summary.snapshot})`);
  say.out(`  ${counts}`);
  printParts(say, summary.parts);
  say.out(`  ${countOf(summary.findings.warningCount, 'warning')}, ${summary.seconds.toFixed(2)} s`);
  for (const line of reportLines(summary.findings, 'warning')) say.out(`  ${line}`);
}

/**
 * Options a command cannot run without. Commander reports a missing mandatory option before an
 * unknown one, so `council etl --sorce x` said only that --source was missing, not a word of the
 * typo: these are checked after the unknown ones (preAction below), which commander reports with the
 * option meant (`Did you mean --source?`).
 */
const NEEDED = new WeakSet<Option>();
const needed = (option: Option): Option => {
  NEEDED.add(option);
  return option;
};

/** The exit code a run sets without failing (`check` that rejects, a supervised build's). */
interface RunStatus {
  exitCode: number;
  /** Commander's own exit (its error, the help, the version), already printed; not an action's error. */
  commanderExit?: CommanderError;
}

/**
 * The `council` program printing to `io`. Commander's own errors (an unknown option, a missing one) are
 * printed to `io` and thrown as a CommanderError instead of exiting the process (`exitOverride`; set
 * before the commands are added, which inherit it).
 */
function councilProgram(io: CouncilIo, status: RunStatus): Command {
  const say = sayTo(io);
  const program = new Command('council')
    .exitOverride((error) => {
      status.commanderExit = error;
      throw error;
    })
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .description('Council voting analytics: ETL into a SQLite snapshot and the read-only JSON API')
    .version('2.0.0')
    .showHelpAfterError()
    .showSuggestionAfterError()
    .hook('preAction', (_program, command) => {
      const missing = command.options.find(
        (option) => NEEDED.has(option) && command.getOptionValue(option.attributeName()) === undefined,
      );
      if (missing) {
        const code = 'commander.missingMandatoryOptionValue';
        command.error(`error: required option '${missing.flags}' not specified`, { code });
      }
    });

  /**
   * The start of a build, `etl`'s and `refresh`'s: supervised from the command line (superviseBuild), then,
   * in the process that builds, the configuration read and the database named to the supervisor.
   * Undefined in the supervisor, whose child did the work.
   */
  async function startBuild(db: string | undefined) {
    if (await superviseBuild(say, status)) return undefined;
    const [config, sourceSpec, { limitsFrom }] = await Promise.all([
      loadConfig(),
      import('../etl/source-spec.ts'),
      import('../etl/collapse.ts'),
    ]);
    const dbPath = db ?? config.DB_PATH;
    await buildTargetToSupervisor(dbPath);
    return { config, sourceSpec, limits: limitsFrom(config), dbPath };
  }
  /** A build's stage: printed, and told to the server that forked this command. */
  const onStage = (stage: string, rows: number, ms: number) => {
    printStage(say, stage, rows, ms);
    void io.tell({ type: 'stage', stage, rows, ms });
  };

  const sourceOption = () =>
    needed(
      new Option('--source <path>', 'CSV bundle directory, Sejm directory / .tar.gz, or Radoskop council folder(s)'),
    );

  program
    .command('etl')
    .description('Rebuild the snapshot database from a source and publish it atomically')
    .addOption(sourceOption())
    .option('--db <file>', 'snapshot database to publish (default: DB_PATH)')
    .addOption(formatOption())
    .option('--force', 'publish even a build that loses a council or more votes than REFRESH_MAX_VOTES_LOST allows')
    .option('--topics <file>', 'topic vocabulary, a JSON file (default: TOPICS_PATH, else data/tematy.json)')
    .option(
      '--policies <file>',
      'policy file, JSON (default: POLICIES_PATH, else data/polityki.json for the bundled sample, else none)',
    )
    .addHelpText(
      'after',
      '\nExample:\n  council etl --source data/sample --db var/council.db\n' +
        '  council etl --format sejm --source ../shared/data/sejm-term10.tar.gz\n' +
        '  council etl --source data/sample --topics my-topics.json\n' +
        '  council etl --source data/sample --policies my-policies.json',
    )
    .action(
      async (options: {
        source: string;
        db?: string;
        format: SourceFormat;
        force?: boolean;
        topics?: string;
        policies?: string;
      }) => {
        const build = await startBuild(options.db);
        if (!build) return;
        const { config, dbPath, limits } = build;
        const { configuredSource, describeSource, liveSettingsFor, recordedSource, sameSource } = build.sourceSpec;
        const recorded = recordedSource(dbPath);
        const path = resolve(options.source);
        const record = {
          format: options.format,
          path,
          live: liveSettingsFor(options.format, path, configuredSource(config), recorded),
        };
        say.out(`building ${dbPath} from ${options.source} (${options.format})`);
        if (recorded && !sameSource(recorded, record))
          say.out(`  replacing a snapshot built from ${describeSource(recorded)}`);
        const { runEtl } = await import('../etl/run.ts');
        // Loaded before the build, not lazily: it renders a vote's ballots ahead from within materialise.
        const { renderStoredAnswers: render } = await import('../src/answers/render.ts');
        const summary = await runEtl({
          source: options.source,
          format: options.format,
          dbPath,
          record,
          onStage,
          render,
          limits,
          ...(options.force ? { force: true } : {}),
          topics: options.topics ?? config.TOPICS_PATH,
          policies: options.policies ?? config.POLICIES_PATH,
        });
        printSummary(say, summary, dbPath);
        await io.tell({ type: 'published', snapshot: summary.snapshot });
        letParentGo();
      },
    );

  /** Progress on one rewritten line on a terminal; otherwise a line every few seconds. */
  function progressPrinter(): (line: string) => void {
    let last = 0;
    return (line) => {
      if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K  ${line}`);
      else if (performance.now() - last > 5000) {
        last = performance.now();
        console.error(`  ${line}`);
      }
    };
  }
  const endProgress = () => {
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  };

  program
    .command('fetch')
    .description(
      'Mirror a live source into a folder the ETL reads: a Sejm term from the Sejm API, or councils from Radoskop',
    )
    .addOption(needed(new Option('--format <format>', 'sejm or radoskop').choices(['sejm', 'radoskop'])))
    .addOption(
      needed(new Option('--out <dir>', 'folder to mirror into (created when missing; the next run resumes it)')),
    )
    .option('--term <n>', 'Sejm term, e.g. 10 (--format sejm)', (v) => Number(v))
    .option('--council <slugs>', 'Radoskop council slugs, comma-separated, e.g. gdansk,katowice (--format radoskop)')
    .option('--api <url>', `base URL (default ${SEJM_API} or ${RADOSKOP_API})`)
    .addHelpText(
      'after',
      `\nExample:\n  council fetch --format sejm --term 10 --out var/sejm\n  council fetch --format radoskop --council gdansk,katowice --out var/councils`,
    )
    .action(
      async (options: { format: 'sejm' | 'radoskop'; out: string; term?: number; council?: string; api?: string }) => {
        const [{ PoliteClient }, { USER_AGENT }, { fetchSejm }, { fetchRadoskop }, { rejectedLines, summaryLine }] =
          await Promise.all([
            import('../etl/fetch/polite-client.ts'),
            import('../etl/refresh-job.ts'),
            import('../etl/fetch/sejm.ts'),
            import('../etl/fetch/radoskop.ts'),
            import('../etl/fetch/mirror.ts'),
          ]);
        const client = new PoliteClient({ userAgent: USER_AGENT, timeoutMs: (await loadConfig()).FETCH_TIMEOUT_MS });
        const common = {
          out: options.out,
          client,
          progress: progressPrinter(),
          ...(options.api ? { api: options.api } : {}),
        };
        let summary: FetchSummary;
        if (options.format === 'sejm') {
          if (!options.term || !Number.isInteger(options.term) || options.term < 1)
            throw new InvalidArgumentError('--term must be a term number, e.g. 10');
          say.out(`fetching Sejm term ${options.term} into ${options.out}`);
          summary = await fetchSejm({ ...common, term: options.term });
        } else {
          const councils = (options.council ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
          if (councils.length === 0)
            throw new InvalidArgumentError('--council must name at least one council, e.g. gdansk');
          say.out(`fetching ${councils.join(', ')} from Radoskop into ${options.out}`);
          summary = await fetchRadoskop({ ...common, councils });
        }
        endProgress();
        for (const line of rejectedLines(summary)) say.out(line);
        say.out(`fetched: ${summaryLine(summary)}`);
      },
    );

  program
    .command('refresh')
    .description(
      "One refresh, as the nightly cron runs it: the snapshot's own source unless the configuration names one; fetch its live part, rebuild only when it changed",
    )
    .option('--source <path>', 'source folder (default: SOURCE_DIR, else the source the snapshot was built from)')
    .option('--db <file>', 'snapshot database to publish (default: DB_PATH)')
    .addOption(new Option('--format <format>', 'source format (default: SOURCE_FORMAT)').choices([...SOURCE_FORMATS]))
    .option(
      '--replace-source',
      'rebuild from the configured source even when the snapshot was built from another one (REPLACE_SOURCE=true)',
    )
    .option('--force', 'publish even a build that loses a council or more votes than REFRESH_MAX_VOTES_LOST allows')
    .option(
      '--rebuild',
      'rebuild even when the source is unchanged (the server asks for it when the published file does not match its manifest)',
    )
    .option('--topics <file>', "topic vocabulary (default: TOPICS_PATH, else the snapshot's own); a new one rebuilds")
    .option(
      '--policies <file>',
      "policy file (default: POLICIES_PATH, else the snapshot's own); a changed one rebuilds",
    )
    .addHelpText(
      'after',
      '\nExample:\n  DB_PATH=var/councils.db council refresh\n  SOURCE_FORMAT=sejm SEJM_TERM=10 SOURCE_DIR=var/sejm council refresh',
    )
    .action(
      async (options: {
        source?: string;
        db?: string;
        format?: SourceFormat;
        replaceSource?: boolean;
        force?: boolean;
        rebuild?: boolean;
        topics?: string;
        policies?: string;
      }) => {
        const build = await startBuild(options.db);
        if (!build) return;
        const { config, dbPath, limits } = build;
        const configured = build.sourceSpec.configuredSource({
          ...config,
          ...(options.source ? { SOURCE_DIR: options.source } : {}),
          ...(options.format ? { SOURCE_FORMAT: options.format } : {}),
        });
        const [{ refreshOnce }, { CODE_VERSION }, { rejectedLines, summaryLine }] = await Promise.all([
          import('../etl/refresh-job.ts'),
          import('../src/answers/code-version.ts'),
          import('../etl/fetch/mirror.ts'),
        ]);
        const label = {
          configuration: 'as configured',
          snapshot: "the snapshot's own source",
          default: 'the bundled sample: no source configured, no snapshot yet',
        };
        const result = await refreshOnce({
          dbPath,
          configured,
          replaceSource: options.replaceSource ?? config.REPLACE_SOURCE,
          limits,
          timeoutMs: config.FETCH_TIMEOUT_MS,
          ...(config.SOURCE_API ? { api: config.SOURCE_API } : {}),
          ...(options.force ? { force: true } : {}),
          ...(options.rebuild ? { rebuild: true } : {}),
          progress: progressPrinter(),
          render: renderStoredAnswers,
          codeVersion: CODE_VERSION,
          topics: options.topics ?? config.TOPICS_PATH,
          policies: options.policies ?? config.POLICIES_PATH,
          onSource: (source) => say.out(`refreshing ${dbPath} from ${source.description} (${label[source.from]})`),
          onFetched: (fetched) => {
            endProgress();
            for (const line of rejectedLines(fetched)) say.out(line);
            say.out(`  fetched: ${summaryLine(fetched)}`);
            void io.tell({ type: 'fetched', ...fetched });
          },
          onStage,
        });
        if (result.rebuilt) {
          printSummary(say, result.etl, dbPath);
          await io.tell({ type: 'published', snapshot: result.etl.snapshot });
        } else {
          say.out(
            `unchanged, nothing rebuilt: the source is the one ${dbPath} was built from (${result.digest.slice(0, 19)}…)`,
          );
          await io.tell({ type: 'unchanged', digest: result.digest });
        }
        letParentGo();
      },
    );

  program
    .command('check')
    .description('Validate a source without publishing anything; lists every problem')
    .addOption(sourceOption())
    .addOption(formatOption())
    .option('--topics <file>', 'topic vocabulary to check with (default: TOPICS_PATH, else data/tematy.json)')
    .option(
      '--policies <file>',
      'policy file to check with (default: POLICIES_PATH, else data/polityki.json for the sample)',
    )
    .addHelpText('after', '\nExample:\n  council check --source data/sample')
    .action(async (options: { source: string; format: SourceFormat; topics?: string; policies?: string }) => {
      // The configuration is read once, and only for what the options leave to it.
      const config = options.topics === undefined || options.policies === undefined ? await loadConfig() : undefined;
      const topics = options.topics ?? config?.TOPICS_PATH;
      const policies = options.policies ?? config?.POLICIES_PATH;
      const { checkSource } = await import('../etl/run.ts');
      const { findings, counts, parts } = await checkSource({ ...options, topics, policies });
      printParts(say, parts);
      for (const line of reportLines(findings, 'warning')) say.out(line);
      for (const line of reportLines(findings, 'error')) say.err(line);
      if (findings.errorCount > 0) {
        say.err(`${options.source}: rejected, ${countOf(findings.errorCount, 'problem')}`);
        status.exitCode = 1;
      } else {
        say.out(
          `${options.source}: ok (${counts.glosowania} votes, ${counts.glosy} ballots, ${countOf(findings.warningCount, 'warning')})`,
        );
      }
    });

  program
    .command('generate')
    .description('Write a deterministic synthetic council as a CSV bundle')
    .addOption(needed(new Option('--out <dir>', 'directory to write the bundle into')))
    .option('--seed <n>', 'random seed', positiveInt, 1)
    .option('--radni <n>', 'councillors per council', positiveInt, 40)
    .option('--glosowania <n>', 'votes per council', positiveInt, 4000)
    .option('--kadencje <n>', 'terms', positiveInt, 2)
    .option('--rady <n>', 'councils in the bundle (national scale)', positiveInt, 1)
    .addOption(
      new Option(
        '--poland',
        'every council of Polish local government (2,477 gminy, 314 powiaty, 16 sejmiki), one term, ~100 million ballots; sizes them itself',
      ).conflicts(['radni', 'glosowania', 'kadencje', 'rady']),
    )
    .option(
      '--fraction <f>',
      'with --poland: keep this share of the councils (every k-th of each kind), e.g. 0.01',
      fraction,
    )
    .addHelpText(
      'after',
      '\nExample:\n  council generate --out /tmp/big --radni 500 --glosowania 3000\n  council generate --out /tmp/poland --poland --fraction 0.01',
    )
    .action(
      async (options: {
        out: string;
        seed: number;
        radni: number;
        glosowania: number;
        kadencje: number;
        rady: number;
        poland?: boolean;
        fraction?: number;
      }) => {
        const started = performance.now();
        const [{ generateBundle }, { describePlan, planTotals, polandPlan }] = await Promise.all([
          import('../tools/generate/index.ts'),
          import('../tools/generate/poland.ts'),
        ]);
        const { out, seed, poland, fraction: share, ...sizes } = options;
        if (share !== undefined && !poland) throw new InvalidArgumentError('--fraction applies only with --poland');
        if (poland)
          say.out(
            `Poland plan${share === undefined ? '' : ` at fraction ${share}`}: ${describePlan(planTotals(polandPlan(share)))}`,
          );
        const summary = await generateBundle(
          out,
          poland ? { seed, plan: 'poland', ...(share === undefined ? {} : { fraction: share }) } : { seed, ...sizes },
        );
        const rows = Object.entries(summary.files)
          .map(([f, n]) => `${f} ${n.toLocaleString('en')}`)
          .join(', ');
        say.out(`wrote ${out} in ${((performance.now() - started) / 1000).toFixed(2)} s: ${rows}`);
      },
    );

  program
    .command('serve')
    .description('Start the API (and the nightly refresh)')
    .option('--port <n>', 'port (default: PORT)', (v) => (/^\d+$/.test(v) ? Number(v) : NaN))
    .option('--bootstrap', 'build the database first when none exists (from SOURCE_DIR, else the bundled sample)')
    .option(
      '--replace-source',
      'let the refresh rebuild from the configured source although the snapshot was built from another (REPLACE_SOURCE=true)',
    )
    .option(
      '--follow <url>',
      "a replica: follow the builder's published snapshot (its manifest URL) instead of building (FOLLOW_URL)",
    )
    .addHelpText(
      'after',
      '\nExample:\n  PORT=8080 council serve --bootstrap\n  council serve --follow http://builder:3100/council.db.manifest.json',
    )
    .action(async (options: { port?: number; bootstrap?: boolean; replaceSource?: boolean; follow?: string }) => {
      if (options.port !== undefined && !(options.port >= 0 && options.port <= 65535)) {
        throw new InvalidArgumentError('--port must be between 0 and 65535');
      }
      // --follow goes through the configuration's own check, as FOLLOW_URL would.
      const env = options.follow === undefined ? process.env : { ...process.env, FOLLOW_URL: options.follow };
      const config = await loadConfig(env, {
        ...(options.port === undefined ? {} : { PORT: options.port }),
        ...(options.replaceSource ? { REPLACE_SOURCE: true } : {}),
      });
      const { startServer } = await import('../src/server.ts');
      await startServer(config, { bootstrap: options.bootstrap ?? false });
    });

  return program;
}

/**
 * Runs `council` with `argv` (the user's arguments, without node and the script): prints to `io`, and
 * resolves with the exit code and whether to exit at once (a failure: a command that failed while
 * starting, serve, must not linger on an open handle; commander's own errors and --help exit at once too).
 */
export async function runCouncil(
  argv: readonly string[],
  io: CouncilIo = PROCESS_IO,
): Promise<{ code: number; exitNow: boolean }> {
  const say = sayTo(io);
  const status: RunStatus = { exitCode: 0 };
  try {
    await councilProgram(io, status).parseAsync(argv, { from: 'user' });
    return { code: status.exitCode, exitNow: false };
  } catch (error) {
    // Commander has printed its own error (or the help, or the version) already.
    if (error instanceof CommanderError && error === status.commanderExit)
      return { code: error.exitCode, exitNow: true };
    // Thrown only by a build or a check, which have loaded them already.
    const [{ BundleRejectedError }, { SourceMismatchError }, { CollapseRefusedError }] = await Promise.all([
      import('../etl/run.ts'),
      import('../etl/source-spec.ts'),
      import('../etl/collapse.ts'),
    ]);
    if (error instanceof BundleRejectedError) {
      const problems = reportLines(error.findings, 'error');
      const message = `rejected: ${countOf(error.findings.errorCount, 'problem')}; the published database was not changed`;
      for (const line of problems) say.err(line);
      say.err(message);
      await io.tell({ type: 'failed', message, problems });
    } else if (error instanceof SourceMismatchError || error instanceof CollapseRefusedError) {
      // Refused on purpose, in one line; the published snapshot is untouched.
      say.err(`council: ${error.message}`);
      await io.tell({ type: 'refused', reason: error.reason, message: error.message });
    } else {
      const message = `council: ${error instanceof Error ? error.message : String(error)}`;
      say.err(message);
      await io.tell({ type: 'failed', message, problems: [] });
    }
    return { code: 1, exitNow: true };
  }
}
