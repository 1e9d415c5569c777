// Problems found while reading a source. Errors reject the source, warnings are reported and loaded.
//
// One cause can repeat a problem a hundred thousand times (a missing file makes every reference to it
// fail), so problems are grouped by kind — the same file, column and wording apart from the values —
// and only the first few of each kind are kept for listing; every problem is counted, so the totals
// are true. A reader that knows a likely cause of a kind attaches a hint to it.

export interface Location {
  file: string;
  /** 1-based line of a text file; 0 when the problem concerns the file as a whole or a JSON document. */
  line: number;
}

export interface Problem extends Location {
  column: string;
  problem: string;
}

/** A place in a JSON document as a column: `votes[3].MP` from a path such as a zod issue's. */
export const columnOf = (path: readonly PropertyKey[]): string =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i > 0 ? '.' : ''}${String(p)}`)).join('') || '(file)';

export const formatProblem = (p: Problem): string =>
  `${p.file}${p.line > 0 ? `:${p.line}` : ''}: ${p.column}: ${p.problem}`;

export type Severity = 'error' | 'warning';

/** Problems of one kind past this many are counted, not listed. */
export const LISTED_PER_KIND = 5;

/** Problems that differ only in their values: one file, one column, one wording. */
export interface ProblemKind {
  severity: Severity;
  file: string;
  column: string;
  /** The wording with values blanked: `unknown agenda point N`. */
  pattern: string;
  count: number;
  hint?: string;
}

/** The wording of a problem with its values (vote ids, quoted text, numbers) blanked, so repeats group together. */
export const patternOf = (problem: string): string =>
  problem
    .replace(/^vote [^\s:]+:/, 'vote …:')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\d[\d,.]*/g, 'N');

export class Findings {
  /** The listed errors and warnings (at most LISTED_PER_KIND of each kind), in the order found. */
  readonly errors: Problem[] = [];
  readonly warnings: Problem[] = [];
  private readonly kinds = new Map<string, ProblemKind>();
  private readonly totals = { error: 0, warning: 0 };

  error(at: Location, column: string, problem: string): void {
    this.add('error', at, column, problem);
  }

  warn(at: Location, column: string, problem: string): void {
    this.add('warning', at, column, problem);
  }

  private add(severity: Severity, at: Location, column: string, problem: string): void {
    this.totals[severity]++;
    const pattern = patternOf(problem);
    const key = `${severity}\u0000${at.file}\u0000${column}\u0000${pattern}`;
    let kind = this.kinds.get(key);
    if (!kind) this.kinds.set(key, (kind = { severity, file: at.file, column, pattern, count: 0 }));
    if (kind.count++ < LISTED_PER_KIND)
      (severity === 'error' ? this.errors : this.warnings).push({ file: at.file, line: at.line, column, problem });
  }

  /** Every error, listed or not. */
  get errorCount(): number {
    return this.totals.error;
  }

  /** Every warning, listed or not. */
  get warningCount(): number {
    return this.totals.warning;
  }

  /** Kinds of one severity, in the order first found. */
  kindsOf(severity: Severity): ProblemKind[] {
    return [...this.kinds.values()].filter((k) => k.severity === severity);
  }

  /** Attaches a likely cause to every kind that `matches`. */
  hint(matches: (kind: ProblemKind) => boolean, hint: string): void {
    for (const kind of this.kinds.values()) if (matches(kind)) kind.hint = hint;
  }
}

/**
 * The report of one severity as lines: each listed problem, then per kind with more problems than
 * listed a line counting the rest, and a kind's hint once after its problems.
 */
export function reportLines(findings: Findings, severity: Severity): string[] {
  const listed = severity === 'error' ? findings.errors : findings.warnings;
  const label = severity === 'error' ? 'error' : 'warning';
  const lines: string[] = [];
  for (const kind of findings.kindsOf(severity)) {
    for (const p of listed) {
      if (p.file === kind.file && p.column === kind.column && patternOf(p.problem) === kind.pattern)
        lines.push(`${label}: ${formatProblem(p)}`);
    }
    if (kind.count > LISTED_PER_KIND) {
      lines.push(
        `${label}: ${kind.file}: ${kind.column}: ${(kind.count - LISTED_PER_KIND).toLocaleString('en')} more like "${kind.pattern}" (${kind.count.toLocaleString('en')} in all)`,
      );
    }
    if (kind.hint) lines.push(`  hint: ${kind.hint}`);
  }
  return lines;
}

/** `1 error`, `133,000 errors`. */
export const countOf = (n: number, noun: string): string => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;
