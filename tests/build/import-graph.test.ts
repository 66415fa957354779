import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The import graph of api/src and admin/src (modules as Fastify plugins, docs/architecture.md#modules): relative imports
 * of .ts/.tsx files (`./x.js` is x.ts or x.tsx, a folder its index), type-only imports included, since
 * a type that goes round in a circle ties the files together as much as a value does.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const API = path.join(ROOT, 'api/src');
const MODULES = path.join(API, 'modules');
const SOURCE = /\.tsx?$/;

/** Composition roots: they put the modules together, so they may import any of them. */
const ROOTS = new Set(
  ['app.ts', 'server.ts', 'cluster.ts', 'mail-worker.ts', 'modules/index.ts'].map((f) => path.join(API, f)),
);

const rel = (file: string) => path.relative(ROOT, file);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
  return [`${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
}

/** Each file's relative imports of source files, resolved. */
function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map((i) => i.fileName)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => resolveImport(file, specifier))
        .filter((target): target is string => !!target);
      return [file, targets];
    }),
  );
}

/** The strongly connected components with more than one node (or a node importing itself): each holds a cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** The module a file belongs to (api/src/modules/<name>/...), or undefined for everything else. */
const moduleOf = (file: string) =>
  file.startsWith(MODULES + path.sep) && !ROOTS.has(file) ? path.relative(MODULES, file).split(path.sep)[0] : undefined;

const files = [...sourceFiles(API), ...sourceFiles(path.join(ROOT, 'admin/src'))];
const graph = importGraph(files);
const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));
const show = ({ from, to }: { from: string; to: string }) => `${rel(from)} -> ${rel(to)}`;

const found = cycles(graph).map((component) => component.map(rel));
/** Infrastructure (db, plugins, storage, core, types.ts, config, http, pdf, ...) is every api/src file that is neither a module nor a root. */
const runningUp = edges.filter(
  ({ from, to }) => from.startsWith(API + path.sep) && !moduleOf(from) && !ROOTS.has(from) && moduleOf(to),
);
/** Another module is reached only through its service. */
const pastService = edges.filter(({ from, to }) => {
  const [own, other] = [moduleOf(from), moduleOf(to)];
  return own && other && own !== other && path.basename(to) !== 'service.ts';
});
/** Modules importing each other in a loop, whichever files do it. */
const moduleGraph = new Map<string, string[]>();
for (const { from, to } of edges) {
  const [own, other] = [moduleOf(from), moduleOf(to)];
  if (own && other && own !== other) moduleGraph.set(own, [...new Set([...(moduleGraph.get(own) ?? []), other])]);
}
const moduleCycles = cycles(moduleGraph);
/** Any two api/src folders (a module, core, db, plugins, storage, ...) importing each other, whichever files do it. */
const apiFolderOf = (file: string) => {
  if (!file.startsWith(API + path.sep) || ROOTS.has(file)) return undefined;
  const parts = path.relative(API, file).split(path.sep);
  return parts.length === 1 ? undefined : parts[0] === 'modules' ? `modules/${parts[1]}` : parts[0];
};
const apiFolderGraph = new Map<string, string[]>();
for (const { from, to } of edges) {
  const [own, other] = [apiFolderOf(from), apiFolderOf(to)];
  if (own && other && own !== other) apiFolderGraph.set(own, [...new Set([...(apiFolderGraph.get(own) ?? []), other])]);
}
const apiFolderCycles = cycles(apiFolderGraph);
/** A migration stays as it ran and production checks run before any seed: neither imports the API or seeds. */
const migrationsAndChecks = [
  ...sourceFiles(path.join(ROOT, 'migrations')).filter((f) => /^\d+_/.test(path.basename(f))),
  path.join(API, 'productionChecks.ts'),
];
/**
 * admin/src in folders (docs/architecture.md#modules): at the bottom `shared/` (imports no other folder), then
 * `providers/` (data, auth, HTTP; imports only shared), then the shell every screen stands in (the queries several
 * screens share, the registry, preferences, live updates, notifications, sign-in, the member's account, the layout),
 * then the screens (every other folder). App.tsx, main.tsx, coldLoad.ts and i18n/ (every screen's texts) put them
 * together, so they may import any of them. "Up" is an import into a higher layer; a pair of folders importing each
 * other (or any loop of folders) is a cycle whichever the layers.
 */
const ADMIN = path.join(ROOT, 'admin/src');
const ADMIN_ROOTS = new Set(['App.tsx', 'main.tsx', 'coldLoad.ts'].map((f) => path.join(ADMIN, f)));
const ADMIN_LAYERS: Record<string, number> = { shared: 0, providers: 1 };
for (const shell of ['queries', 'registry', 'preferences', 'live', 'notifications', 'login', 'account', 'layout'])
  ADMIN_LAYERS[shell] = 2;
const SCREENS = 3;
/** The admin folder a file is in, undefined for a composition root. */
const adminFolderOf = (file: string) => {
  if (!file.startsWith(ADMIN + path.sep) || ADMIN_ROOTS.has(file)) return undefined;
  const folder = path.relative(ADMIN, file).split(path.sep)[0]!;
  return folder === 'i18n' || folder === path.basename(file) ? undefined : folder;
};
const layerOf = (folder: string) => ADMIN_LAYERS[folder] ?? SCREENS;
const adminEdges = edges.flatMap(({ from, to }) => {
  const [own, other] = [adminFolderOf(from), adminFolderOf(to)];
  return own && other && own !== other ? [{ from, to, own, other }] : [];
});
/** An import from a layer into a higher one; within the shell only a loop is refused (below). */
const adminRunningUp = adminEdges.filter(
  ({ own, other }) => layerOf(other) > layerOf(own) || (layerOf(own) < 2 && layerOf(other) === layerOf(own)),
);
const adminFolderGraph = new Map<string, string[]>();
for (const { own, other } of adminEdges)
  adminFolderGraph.set(own, [...new Set([...(adminFolderGraph.get(own) ?? []), other])]);
const adminFolderCycles = cycles(adminFolderGraph);

/** The browser's own objects, in code (comments left out): domain/ is shared with the API, so browser code lives in browser/. */
const BROWSER_OBJECTS =
  /\b(window|navigator|localStorage|sessionStorage)\.|URL\.createObjectURL|document\.(createElement|body)/;
const codeOf = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '');
const browserCodeOutsideBrowsers = [
  ...sourceFiles(path.join(ROOT, 'domain/src')).filter((file) => BROWSER_OBJECTS.test(codeOf(file))),
  ...[...sourceFiles(path.join(ROOT, 'domain/src')), ...sourceFiles(API)].filter((file) =>
    codeOf(file).includes("'@app/browser"),
  ),
].map(rel);

const intoApiOrSeeds = [...importGraph(migrationsAndChecks)]
  .flatMap(([from, targets]) => targets.map((to) => ({ from, to })))
  .filter(({ from, to }) => {
    const seeds = to.startsWith(path.join(ROOT, 'seeds') + path.sep);
    return seeds || (from.includes(`${path.sep}migrations${path.sep}`) && to.startsWith(API + path.sep));
  });

describe('the import graph of api/src and admin/src', () => {
  it('reports its figures', () => {
    const lines = sourceFiles(API).reduce((n, f) => n + fs.readFileSync(f, 'utf8').split('\n').length - 1, 0);
    console.log(
      [
        `import graph: ${files.length} files, ${edges.length} relative imports, api/src ${lines} lines`,
        `cycles (strongly connected groups of files): ${found.length}`,
        ...found.map((c) => `  ${c.join(' , ')}`),
        `modules importing each other in a loop: ${moduleCycles.length}`,
        ...moduleCycles.map((c) => `  ${c.join(' , ')}`),
        `api/src folders importing each other in a loop: ${apiFolderCycles.length}`,
        ...apiFolderCycles.map((c) => `  ${c.join(' , ')}`),
        `imports running up from infrastructure into a module: ${runningUp.length}`,
        ...runningUp.map((e) => `  ${show(e)}`),
        `module imports of another module past its service: ${pastService.length}`,
        ...pastService.map((e) => `  ${show(e)}`),
        `admin folders importing each other in a loop: ${adminFolderCycles.length}`,
        ...adminFolderCycles.map((c) => `  ${c.join(' , ')}`),
        `admin imports running up a layer: ${adminRunningUp.length}`,
        ...adminRunningUp.map((e) => `  ${show(e)}`),
      ].join('\n'),
    );
    expect(files.length).toBeGreaterThan(100);
  });

  it('has no cycle', () => {
    expect(found).toEqual([]);
  });

  it('has no loop between modules', () => {
    expect(moduleCycles).toEqual([]);
  });

  it('has no loop between api/src folders', () => {
    expect(apiFolderCycles).toEqual([]);
  });

  it('has no import from infrastructure up into a module', () => {
    expect(runningUp.map(show)).toEqual([]);
  });

  it('reaches another module only through its service.ts', () => {
    expect(pastService.map(show)).toEqual([]);
  });

  it('has no loop between admin folders', () => {
    expect(adminFolderCycles).toEqual([]);
  });

  it('has no admin import running up from shared, providers or the shell into a screen', () => {
    expect(adminRunningUp.map(show)).toEqual([]);
  });

  it('keeps browser code out of domain/ and the API', () => {
    expect(browserCodeOutsideBrowsers).toEqual([]);
  });

  it('keeps migrations and the production checks free of API and seed code', () => {
    expect(intoApiOrSeeds.map(show)).toEqual([]);
  });
});
