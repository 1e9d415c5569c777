// The one-way arrows of docs/DESIGN.md, checked on the import statements themselves: core/ imports
// neither side; src/ (the API) never imports etl/ (the pipeline) except in its composition root, the
// process that serves and schedules the refresh; the refresh protocol is a core module both read;
// and no module imports itself through others (type imports included: a circle of types is still a
// circle a reader has to untangle).

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parseRefreshMessage } from '../core/refresh-protocol.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const COMPOSITION_ROOT = 'src/server.ts';
/** The one module of src/ outside src/site that wires the website in. */
const SITE_COMPOSER = join('src', 'app.ts');

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(folder, f));
}

/** The project folder each relative import of `file` lands in (core, etl, src, …). */
function importedFolders(file: string): Array<{ target: string; folder: string }> {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]/g)].map(
    (m) => m[1]!,
  );
  return specifiers.map((specifier) => {
    const target = relative(root, resolve(dirname(join(root, file)), specifier));
    return { target, folder: target.split(/[\\/]/)[0]! };
  });
}

describe('architecture: imports point one way', () => {
  it('finds imports (the check itself works)', () => {
    expect(importedFolders('src/server.ts').map((i) => i.folder)).toContain('etl');
    expect(sourceFiles('core').length).toBeGreaterThan(3);
  });

  it('core/ imports neither src/ nor etl/', () => {
    const offending = sourceFiles('core').flatMap((file) =>
      importedFolders(file)
        .filter((i) => i.folder !== 'core')
        .map((i) => `${file} → ${i.target}`),
    );
    expect(offending).toEqual([]);
  });

  it(`src/ imports etl/ only in the composition root (${COMPOSITION_ROOT})`, () => {
    const offending = sourceFiles('src')
      .filter((file) => file !== COMPOSITION_ROOT)
      .flatMap((file) =>
        importedFolders(file)
          .filter((i) => i.folder === 'etl' || i.folder === 'cli')
          .map((i) => `${file} → ${i.target}`),
      );
    expect(offending).toEqual([]);
  });

  // The website is the top of src/: it renders what the layers below answer. What both need — its
  // addresses and their parameters (src/urls), its words and formats (src/text) — lives below it.
  it(`nothing of src/ imports src/site but the app factory (${SITE_COMPOSER})`, () => {
    const site = join('src', 'site') + '/';
    const offending = sourceFiles('src')
      .filter((file) => !file.startsWith(site) && file !== SITE_COMPOSER)
      .flatMap((file) =>
        importedFolders(file)
          .filter((i) => i.target.startsWith(site))
          .map((i) => `${file} → ${i.target}`),
      );
    expect(offending).toEqual([]);
    expect(
      importedFolders(SITE_COMPOSER).some((i) => i.target.startsWith(site)),
      'the check itself works',
    ).toBe(true);
  });

  it('etl/ never imports src/', () => {
    const offending = sourceFiles('etl').flatMap((file) =>
      importedFolders(file)
        .filter((i) => i.folder === 'src')
        .map((i) => `${file} → ${i.target}`),
    );
    expect(offending).toEqual([]);
  });
});

/** Every circle of imports among `graph`'s modules (file → files it imports), each listed once from its first module in name order. */
function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const circles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string) => {
    if (onPath.has(file)) {
      const circle = path.slice(path.indexOf(file));
      const start = circle.indexOf([...circle].sort()[0]!);
      circles.push([...circle.slice(start), ...circle.slice(0, start)]);
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    onPath.add(file);
    for (const target of graph.get(file) ?? []) visit(target);
    path.pop();
    onPath.delete(file);
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) visit(file);
  return circles;
}

describe('architecture: no import circles', () => {
  it('finds a circle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(importCircles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(
      importCircles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('no module of the project imports itself through others', () => {
    const files = ['core', 'etl', 'src', 'cli', 'tools', 'bench'].flatMap(sourceFiles);
    const known = new Set(files);
    const graph = new Map(
      files.map((file) => [
        file,
        importedFolders(file)
          .map((i) => i.target)
          .filter((target) => known.has(target)),
      ]),
    );
    expect(graph.get(join('src', 'app.ts'))!.length).toBeGreaterThan(5);
    expect(importCircles(graph)).toEqual([]);
  });
});

/** Lines of the website's modules that match `pattern`, as `file:line: text`. */
function siteLinesMatching(pattern: RegExp, except: readonly string[] = []): string[] {
  return sourceFiles('src/site')
    .filter((file) => !except.includes(file))
    .flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          pattern.test(line) && !/^\s*(?:\/\/|\/?\*)/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
}

describe('architecture: the website is renderings of the endpoints (issue 35)', () => {
  /** A read of the snapshot made by the site itself: a resource's query, the connection, a statement, a query class. */
  const SNAPSHOT_READ = new RegExp(
    [
      '\\bqueries\\.(?:radni|glosowania|statystyki|posiedzenia|utils)\\.\\w+\\(',
      '\\.db\\b',
      '\\.prepare\\(',
      'new \\w+Queries\\(',
    ].join('|'),
  );
  /** A site path spelled out: a string starting with a site's first segment, or a root-relative href, action, src. */
  const FIRST_SEGMENTS = [
    'radni',
    'glosowania',
    'posiedzenia',
    'rankingi',
    'share',
    'szukaj',
    'dane',
    'porownaj',
    'spojnosc',
    'jak-liczymy',
    'karty',
    'assets',
    'api',
    'sitemap',
    'robots',
  ].join('|');
  const PATH_LITERAL = new RegExp(`['"\`]/(?:${FIRST_SEGMENTS})\\b|\\b(?:href|action|src)="/`);

  it('recognises what it forbids (the check itself works)', () => {
    const reads = [
      'data.snapshot.queries.radni.voteTotals(1, t)',
      'sessionVotes(data.snapshot.db, 1)',
      "db.prepare('SELECT 1')",
      'new FindQueries(db, q)',
    ];
    for (const line of reads) {
      expect(SNAPSHOT_READ.test(line), line).toBe(true);
    }
    const paths = ['href(ctx, `/radni/${p.token}`)', 'action="/szukaj"', "const x = '/dane/opis.txt';", '<a href="/">'];
    for (const line of paths) {
      expect(PATH_LITERAL.test(line), line).toBe(true);
    }
    expect(SNAPSHOT_READ.test('answer(radni.profile, { params: { id } })')).toBe(false);
    expect(PATH_LITERAL.test('linkTo(ctx, PAGES.councillor, { token })')).toBe(false);
  });

  it('src/site calls no snapshot query directly: it reads through the endpoints and the snapshot readers', () => {
    expect(siteLinesMatching(SNAPSHOT_READ)).toEqual([]);
  });

  it('src/site builds every site path in one module (src/urls/paths.ts)', () => {
    expect(siteLinesMatching(PATH_LITERAL)).toEqual([]);
  });
});

describe('architecture: one place calls the handlers (issue 43)', () => {
  /** A call of an endpoint's handler: `.handler(`, or the handler taken out to be called later. */
  const HANDLER_CALL = /\.handler\s*\(|\.handler\s*\.\s*(?:call|apply)\b|\{\s*handler\s*\}\s*=/;
  const ONE_PLACE = join('src', 'answers', 'endpoint.ts');

  it('recognises a call (the check itself works)', () => {
    expect(HANDLER_CALL.test('endpoint.handler(input, context)')).toBe(true);
    expect(HANDLER_CALL.test('utils.bodies.handler.call(null, input, context)')).toBe(true);
    expect(HANDLER_CALL.test('const { handler } = endpoint;')).toBe(true);
    expect(HANDLER_CALL.test('type T = ReturnType<typeof radni.topics.handler>;')).toBe(false);
    expect(HANDLER_CALL.test('handler: ({ query }, { queries }) => queries.utils.bodiesList(),')).toBe(false);
  });

  it(`only ${ONE_PLACE} calls an endpoint's handler (callHandler): the API, the stored answers, the website`, () => {
    const calls = sourceFiles('src').flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          HANDLER_CALL.test(line) && !/^\s*(?:\/\/|\/?\*)/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(calls.filter((call) => !call.startsWith(`${ONE_PLACE}:`))).toEqual([]);
    expect(calls, 'the check itself works').toHaveLength(1);
  });
});

/** The type assertions (`as T`, `<T>x`; not `as const`) in `text`. */
function typeAssertions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) &&
      !(ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === 'const')
    )
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('architecture: types by construction (issue 43)', () => {
  // Elsewhere in src/ and core/ eslint forbids them (consistent-type-assertions); the website and the
  // HTTP layer still hold three: a kept answer read back as its handler's type (src/site/page.ts) and
  // Express's body parser on node's request (src/site/share-form.tsx, `as unknown as`). They may lose
  // more, never gain one.
  const CEILING = 3;

  it('finds assertions (the check itself works)', () => {
    expect(typeAssertions('x.ts', 'const a = b as string; const c = d as const; const e = <T>f;')).toHaveLength(2);
  });

  it(`src/site and src/http hold at most ${CEILING} type assertions`, () => {
    const found = [...sourceFiles('src/site'), ...sourceFiles('src/http')].flatMap((file) =>
      typeAssertions(file, readFileSync(join(root, file), 'utf8')),
    );
    expect(found.length, found.join('\n')).toBeLessThanOrEqual(CEILING);
  });
});

describe('the refresh protocol (core/refresh-protocol.ts)', () => {
  it('accepts the three messages a refresh child sends', () => {
    expect(parseRefreshMessage({ type: 'stage', stage: 'materialise: pairs', rows: 10, ms: 1.5 })).toEqual({
      type: 'stage',
      stage: 'materialise: pairs',
      rows: 10,
      ms: 1.5,
    });
    expect(parseRefreshMessage({ type: 'published', snapshot: 's1' })).toEqual({ type: 'published', snapshot: 's1' });
    expect(parseRefreshMessage({ type: 'failed', message: 'rejected', problems: ['a'] })).toMatchObject({
      type: 'failed',
    });
  });

  it('rejects anything else instead of trusting it', () => {
    for (const raw of [
      null,
      'published',
      { type: 'stage', stage: 'x', rows: -1, ms: 0 },
      { type: 'published' },
      { type: 'exit', code: 0 },
    ]) {
      expect(parseRefreshMessage(raw)).toBeNull();
    }
  });
});
