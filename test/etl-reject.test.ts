// CONTRACT §1: a broken bundle is rejected as a whole, every problem named as file:line: column: problem,
// and the published database stays byte for byte as it was.

import { cpSync, readFileSync, rmSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateBundle } from '../tools/generate/index.ts';
import { formatProblem } from '../etl/findings.ts';
import { BundleRejectedError, checkSource, runEtl } from '../etl/run.ts';
import { hashOf, tempDir } from './support/fixture.ts';

let base: string;
let dbPath: string;
let publishedHash: string;

/** A copy of the valid bundle with one file edited. */
function brokenBundle(edit: (dir: string) => void): string {
  const dir = tempDir('council-broken-');
  cpSync(base, dir, { recursive: true });
  edit(dir);
  return dir;
}

const appendLine = (file: string, line: string) => (dir: string) =>
  writeFileSync(join(dir, file), `${readFileSync(join(dir, file), 'utf8')}${line}\n`);
const replaceInFile = (file: string, from: string | RegExp, to: string) => (dir: string) =>
  writeFileSync(join(dir, file), readFileSync(join(dir, file), 'utf8').replace(from, to));
const lineCount = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8').trimEnd().split('\n').length;
const header = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8').split('\n')[0]!.split(',');
/** A new row for `file` with the given columns set and the rest copied from its first data row. */
function rowLike(dir: string, file: string, values: Record<string, string>): string {
  const lines = readFileSync(join(dir, file), 'utf8').split('\n');
  const columns = lines[0]!.split(',');
  const first = lines[1]!.split(','); // the first rows of the generated files carry no quoted commas
  return columns.map((c, i) => values[c] ?? first[i] ?? '').join(',');
}

beforeAll(async () => {
  base = tempDir('council-base-');
  await generateBundle(base, { seed: 7, radni: 8, glosowania: 60, kadencje: 2 });
  dbPath = join(tempDir(), 'council.db');
  await runEtl({ source: base, dbPath });
  publishedHash = hashOf(dbPath);
});

interface Case {
  name: string;
  edit: (dir: string) => void;
  /** file, line (a function of the broken bundle when it depends on the file's length), column and problem text. */
  expect: (dir: string) => { file: string; line: number; column: string; problem: RegExp };
}

const lastLine = (file: string) => (dir: string) => lineCount(dir, file);

/** Polish letters in ISO-8859-2 (Latin-2), and where Windows-1250 differs. */
const LATIN2: Record<string, number> = {
  ą: 0xb1,
  ć: 0xe6,
  ę: 0xea,
  ł: 0xb3,
  ń: 0xf1,
  ó: 0xf3,
  ś: 0xb6,
  ź: 0xbc,
  ż: 0xbf,
  Ą: 0xa1,
  Ć: 0xc6,
  Ę: 0xca,
  Ł: 0xa3,
  Ń: 0xd1,
  Ó: 0xd3,
  Ś: 0xa6,
  Ź: 0xac,
  Ż: 0xaf,
};
const WINDOWS_1250: Record<string, number> = {
  ...LATIN2,
  ą: 0xb9,
  ś: 0x9c,
  ź: 0x9f,
  Ą: 0xa5,
  Ś: 0x8c,
  Ź: 0x8f,
  '„': 0x84,
  '”': 0x94,
  '–': 0x96,
  '—': 0x97,
};
/** `file` saved in a one-byte Polish encoding (with CRLF line ends: then csv-parse reads the whole file). */
const saveAs =
  (file: string, table: Record<string, number>, crlf = false) =>
  (dir: string) => {
    const text = readFileSync(join(dir, file), 'utf8');
    writeFileSync(
      join(dir, file),
      Buffer.from(
        [...(crlf ? text.replaceAll('\n', '\r\n') : text)].map((ch) => {
          const code = table[ch] ?? ch.charCodeAt(0);
          if (code > 0xff) throw new Error(`no byte for ${ch}`);
          return code;
        }),
      ),
    );
  };
/** The first line of `file` (1-based) with a letter outside ASCII, and that line. */
const firstPolishLine = (dir: string, file: string) => {
  const lines = readFileSync(join(dir, file), 'utf8').split('\n');
  const index = lines.findIndex((l) => /[^\x00-\x7f]/.test(l));
  return { line: index + 1, text: lines[index]! };
};
const notUtf8 = (file: string, encoding: string) => (dir: string) => {
  const { line, text } = firstPolishLine(join(dir, '..', 'utf8-copy'), file);
  const escaped = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    file,
    line,
    column: '(file)',
    problem: new RegExp(
      `^is not UTF-8 text: it looks like ${escaped(encoding)}, in which this line reads "${escaped(text.slice(0, 60))}`,
    ),
  };
};
/** Keeps a UTF-8 copy of the bundle beside it (the expectation reads the line from there), then `edit`s it. */
const withCopy = (edit: (dir: string) => void) => (dir: string) => {
  cpSync(dir, join(dir, '..', 'utf8-copy'), { recursive: true });
  edit(dir);
};

const cases: Case[] = [
  {
    name: 'a required file is missing',
    edit: (dir) => rmSync(join(dir, 'glosy.csv')),
    expect: () => ({ file: 'glosy.csv', line: 0, column: '(file)', problem: /required file is missing/ }),
  },
  {
    name: 'a required column is missing',
    edit: replaceInFile('radni.csv', 'imie_nazwisko', 'nazwisko'),
    expect: () => ({ file: 'radni.csv', line: 1, column: 'imie_nazwisko', problem: /required column is missing/ }),
  },
  {
    name: 'an id is not a positive integer',
    edit: (dir) => appendLine('organy.csv', 'x7,Komisja X,komisja')(dir),
    expect: (dir) => ({
      file: 'organy.csv',
      line: lastLine('organy.csv')(dir),
      column: 'id_organu',
      problem: /must be a positive integer \(got "x7"\)/,
    }),
  },
  {
    name: 'a date is not a calendar date',
    edit: (dir) => appendLine('kadencje.csv', '2030-2035,2030-02-30,')(dir),
    expect: (dir) => ({
      file: 'kadencje.csv',
      line: lastLine('kadencje.csv')(dir),
      column: 'data_od',
      problem: /not a calendar date/,
    }),
  },
  {
    name: 'a term has the wrong format',
    edit: (dir) => appendLine('kadencje.csv', '2030/2035,2030-01-01,')(dir),
    expect: (dir) => ({
      file: 'kadencje.csv',
      line: lastLine('kadencje.csv')(dir),
      column: 'kadencja',
      problem: /must be a term/,
    }),
  },
  {
    name: 'a required value is empty',
    edit: (dir) => appendLine('radni.csv', rowLike(dir, 'radni.csv', { id_osoby: '9001', imie_nazwisko: '' }))(dir),
    expect: (dir) => ({
      file: 'radni.csv',
      line: lastLine('radni.csv')(dir),
      column: 'imie_nazwisko',
      problem: /a value is required/,
    }),
  },
  {
    name: 'an id is duplicated',
    edit: (dir) => appendLine('radni.csv', rowLike(dir, 'radni.csv', {}))(dir),
    expect: (dir) => ({
      file: 'radni.csv',
      line: lastLine('radni.csv')(dir),
      column: 'id_osoby',
      problem: /duplicate id/,
    }),
  },
  {
    name: 'a ballot points to an unknown vote',
    edit: (dir) => appendLine('glosy.csv', rowLike(dir, 'glosy.csv', { id_glosowania: '999999' }))(dir),
    expect: (dir) => ({
      file: 'glosy.csv',
      line: lastLine('glosy.csv')(dir),
      column: 'id_glosowania',
      problem: /unknown vote 999999/,
    }),
  },
  {
    name: 'a ballot points to an unknown councillor',
    edit: (dir) => appendLine('glosy.csv', rowLike(dir, 'glosy.csv', { id_osoby: '888888' }))(dir),
    expect: (dir) => ({
      file: 'glosy.csv',
      line: lastLine('glosy.csv')(dir),
      column: 'id_osoby',
      problem: /unknown councillor 888888/,
    }),
  },
  {
    name: 'a session points to an unknown body',
    edit: (dir) =>
      appendLine(
        'posiedzenia.csv',
        rowLike(dir, 'posiedzenia.csv', { id_posiedzenia: '77777', id_organu: '555' }),
      )(dir),
    expect: (dir) => ({
      file: 'posiedzenia.csv',
      line: lastLine('posiedzenia.csv')(dir),
      column: 'id_organu',
      problem: /unknown body 555/,
    }),
  },
  {
    name: 'a session points to an unknown term',
    edit: (dir) =>
      appendLine(
        'posiedzenia.csv',
        rowLike(dir, 'posiedzenia.csv', { id_posiedzenia: '77777', kadencja: '1990-1994' }),
      )(dir),
    expect: (dir) => ({
      file: 'posiedzenia.csv',
      line: lastLine('posiedzenia.csv')(dir),
      column: 'kadencja',
      problem: /unknown term 1990-1994/,
    }),
  },
  {
    name: 'a membership points to an unknown group',
    edit: (dir) =>
      appendLine(
        'przynaleznosci.csv',
        rowLike(dir, 'przynaleznosci.csv', { przynaleznosc_id: '99999', id_ugrupowania: '4242' }),
      )(dir),
    expect: (dir) => ({
      file: 'przynaleznosci.csv',
      line: lastLine('przynaleznosci.csv')(dir),
      column: 'id_ugrupowania',
      problem: /unknown group 4242/,
    }),
  },
  {
    name: 'an attachment points to an unknown vote',
    edit: (dir) =>
      appendLine(
        'zalaczniki.csv',
        rowLike(dir, 'zalaczniki.csv', { id_zalacznika: '99999', id_glosowania: '31337' }),
      )(dir),
    expect: (dir) => ({
      file: 'zalaczniki.csv',
      line: lastLine('zalaczniki.csv')(dir),
      column: 'id_glosowania',
      problem: /unknown vote 31337/,
    }),
  },
  {
    name: 'a (vote, councillor) ballot repeats',
    edit: (dir) => appendLine('glosy.csv', rowLike(dir, 'glosy.csv', {}))(dir),
    expect: (dir) => ({
      file: 'glosy.csv',
      line: lastLine('glosy.csv')(dir),
      column: 'id_osoby',
      problem: /repeated ballot/,
    }),
  },
  {
    name: 'a glos value is not one of the five',
    edit: (dir) => replaceInFile('glosy.csv', /^(\d+,\d+,)za$/m, '$1tak')(dir),
    expect: (dir) => {
      const lines = readFileSync(join(dir, 'glosy.csv'), 'utf8').split('\n');
      return {
        file: 'glosy.csv',
        line: lines.findIndex((l) => l.endsWith(',tak')) + 1,
        column: 'glos',
        problem: /must be one of za, przeciw, wstrzymujacy, nieobecny, brak_glosu \(got "tak"\)/,
      };
    },
  },
  {
    name: 'a wynik value is not przyjęto/odrzucono',
    // wynik, then the stated tallies (empty in the generated files)
    edit: replaceInFile('glosowania.csv', /,przyjęto(,*)$/m, ',tak$1'),
    expect: (dir) => {
      const lines = readFileSync(join(dir, 'glosowania.csv'), 'utf8').split('\n');
      return {
        file: 'glosowania.csv',
        line: lines.findIndex((l) => /,tak,*$/.test(l)) + 1,
        column: 'wynik',
        problem: /must be przyjęto or odrzucono/,
      };
    },
  },
  {
    name: 'a row has the wrong number of fields',
    edit: appendLine('organy.csv', '99,"Komisja",komisja,extra,more'),
    expect: (dir) => ({
      file: 'organy.csv',
      line: lastLine('organy.csv')(dir),
      column: '(row)',
      problem: /expected 3 fields as in the header, found 5/,
    }),
  },
  {
    name: 'line numbers count the lines of a quoted field that spans several',
    edit: (dir) => {
      appendLine('organy.csv', '901,"Komisja\nWielu\nLinii",komisja')(dir);
      appendLine('organy.csv', 'x902,Komisja,komisja')(dir);
    },
    expect: (dir) => ({
      file: 'organy.csv',
      line: lastLine('organy.csv')(dir),
      column: 'id_organu',
      problem: /got "x902"/,
    }),
  },
  {
    name: 'an unclosed quote ends the file with a problem',
    edit: appendLine('organy.csv', '903,"Komisja,komisja'),
    expect: (dir) => ({
      file: 'organy.csv',
      line: lastLine('organy.csv')(dir),
      column: '(row)',
      problem: /quote.*the rest of the file was not read/i,
    }),
  },
  {
    name: 'radni.csv saved in ISO-8859-2 (Latin-2): refused, naming the line and the encoding',
    edit: withCopy(saveAs('radni.csv', LATIN2)),
    expect: notUtf8('radni.csv', 'ISO-8859-2 (Latin-2)'),
  },
  {
    name: 'glosowania.csv saved in Windows-1250 (its titles have ą, ś)',
    edit: withCopy(saveAs('glosowania.csv', WINDOWS_1250)),
    expect: notUtf8('glosowania.csv', 'Windows-1250'),
  },
  {
    name: 'radni.csv in ISO-8859-2 with CRLF line ends (read by csv-parse)',
    edit: withCopy(saveAs('radni.csv', LATIN2, true)),
    expect: notUtf8('radni.csv', 'ISO-8859-2 (Latin-2)'),
  },
];

describe('a rejected bundle names every problem and publishes nothing', () => {
  it('the base bundle is valid (the cases below break one thing each)', async () => {
    const { findings } = await checkSource({ source: base });
    expect(findings.errors.map(formatProblem)).toEqual([]);
    expect(header(base, 'glosy.csv')).toEqual(['id_glosowania', 'id_osoby', 'glos']);
  });

  it.each(cases)('$name', async ({ edit, expect: expected }) => {
    const dir = brokenBundle(edit);
    const want = expected(dir);
    const error = await runEtl({ source: dir, dbPath }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BundleRejectedError);
    const problems = (error as BundleRejectedError).problems;
    const match = problems.find(
      (p) => p.file === want.file && p.line === want.line && p.column === want.column && want.problem.test(p.problem),
    );
    expect(
      match,
      `expected ${want.file}:${want.line}: ${want.column}: ${want.problem} among\n${problems.map(formatProblem).join('\n')}`,
    ).toBeDefined();
    // file:line: for a row; a problem of the whole file (line 0) names the file alone.
    expect(formatProblem(match!)).toMatch(
      new RegExp(`^${want.file.replace('.', '\\.')}${want.line > 0 ? `:${want.line}` : ''}: `),
    );
    expect(hashOf(dbPath)).toBe(publishedHash);
    expect(readdirSync(join(dbPath, '..')).filter((f) => f.includes('.building-'))).toEqual([]);
    expect(existsSync(`${dbPath}.lock`)).toBe(false);
  });

  it('lists every problem of a bundle with several, not just the first', async () => {
    const dir = brokenBundle((d) => {
      appendLine('glosy.csv', rowLike(d, 'glosy.csv', { id_glosowania: '999999' }))(d);
      appendLine('organy.csv', 'x7,Komisja X,komisja')(d);
      appendLine('radni.csv', rowLike(d, 'radni.csv', {}))(d);
    });
    const { findings } = await checkSource({ source: dir });
    expect(findings.errors.map((p) => `${p.file}:${p.column}`).sort()).toEqual([
      'glosy.csv:id_glosowania',
      'organy.csv:id_organu',
      'radni.csv:id_osoby',
    ]);
  });
});
