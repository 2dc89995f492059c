import fs from 'node:fs';
import path from 'node:path';

/**
 * How the code holds together (docs/architecture.md "One direction"):
 *
 * - Features depend downwards only, in FEATURE_ORDER: accounts at the bottom, then requests (with
 *   bids and hires), reviews, providers, and the features that only read them. A feature's server
 *   code and its rules and schemas import a lower feature's code, never a higher one's. Screens
 *   (`ui/`) compose pages across features and are not ordered.
 * - Another feature's server code is reached, from a feature or a workflow, through its
 *   `server/index.ts` (functions) or its `server/tables.ts` (join targets), never its repo,
 *   service, presenters or policies. The composition root (the rest of `src/server`) wires them.
 * - Work that spans features lives above them in `src/server/workflows/`; no feature imports it.
 * - The `server/db/schema` barrel is for drizzle-kit and migrations only.
 * - No import cycle between source files (`no-cycle`), type-only imports included.
 *
 * Imports are resolved whether relative (`../../requests/server`) or written from the root
 * (`src/features/...`, `/src/...`, `@/...`, `~/...`).
 */
export const FEATURE_ORDER = [
  'places',
  'challenge',
  'accounts',
  'verifications',
  'requests',
  'reviews',
  'providers',
  'conversations',
  'leads',
  'notifications',
  'contact',
  'home',
  'seo',
  'trust-summary',
  'admin',
  'legal',
];

const FEATURE_FILE = /^src\/features\/([^/]+)\/(.+)$/;
const SCHEMA_BARREL = 'src/server/db/schema';
const WORKFLOWS = 'src/server/workflows/';
const ROOTED = /^(?:\/?src\/|@\/|~\/)/;

/** The repository path an import names, without its extension; undefined for a package. */
export function importTarget(file, specifier) {
  if (typeof specifier !== 'string') return undefined;
  let target;
  if (specifier.startsWith('.')) {
    target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  } else if (ROOTED.test(specifier)) {
    target = specifier.replace(/^\/?src\//, 'src/').replace(/^[@~]\//, 'src/');
  } else {
    return undefined;
  }
  return target.replace(/\.(ts|tsx|js|mjs)$/, '').replace(/\/index$/, '');
}

const relativeOf = (context) =>
  path.relative(context.cwd, context.filename).split(path.sep).join('/');

function visitImports(check) {
  return {
    ImportDeclaration: (node) => check(node, node.source.value),
    ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
    ExportAllDeclaration: (node) => check(node, node.source.value),
    ImportExpression: (node) => check(node, node.source.value),
  };
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Features depend downwards, through index.ts and tables.ts only.' },
    messages: {
      crossFeature:
        "'{{target}}' is {{feature}}'s own server code: use its server/index.ts, or server/tables.ts for a join.",
      upward:
        '{{own}} may not depend on {{feature}}: features depend downwards only ({{order}}). Work that spans them belongs in src/server/workflows/.',
      workflow:
        'A feature does not import a workflow: workflows sit above the features and call them.',
      schemaBarrel:
        'Import tables from the feature that owns them, not the server/db/schema barrel (it is for drizzle-kit and migrations).',
    },
    schema: [],
  },
  create(context) {
    const file = relativeOf(context);
    const ownMatch = FEATURE_FILE.exec(file);
    const own = ownMatch?.[1];
    const ownIsScreen = ownMatch?.[2].startsWith('ui/') ?? false;

    function check(node, specifier) {
      const target = importTarget(file, specifier);
      if (!target) return;
      if (target === SCHEMA_BARREL) {
        context.report({ node, messageId: 'schemaBarrel' });
        return;
      }
      if (own && `${target}/`.startsWith(WORKFLOWS)) {
        context.report({ node, messageId: 'workflow' });
        return;
      }
      const match = FEATURE_FILE.exec(`${target}/`);
      if (!match || match[1] === own) return;
      const feature = match[1];
      const rest = match[2].replace(/\/$/, '');
      if (own && !ownIsScreen && !rest.startsWith('ui')) {
        const ownRank = FEATURE_ORDER.indexOf(own);
        const rank = FEATURE_ORDER.indexOf(feature);
        if (rank === -1 || ownRank === -1 || rank > ownRank) {
          const order = FEATURE_ORDER.join(' < ');
          context.report({ node, messageId: 'upward', data: { own, feature, order } });
          return;
        }
      }
      // The composition root (the rest of src/server) registers routes and wires the parts.
      const bounded = own !== undefined || file.startsWith(WORKFLOWS);
      if (bounded && rest.startsWith('server') && rest !== 'server' && rest !== 'server/tables') {
        context.report({ node, messageId: 'crossFeature', data: { target, feature } });
      }
    }

    return visitImports(check);
  },
};

// ---------------------------------------------------------------------------------------------
// no-cycle: the import graph of the tree, read once per lint run from the files' own text.

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const IMPORT_TEXT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
const CANDIDATES = ['.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', ''];

let graph;

function listSources(root, dir, out) {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'tests') listSources(root, relative, out);
    } else if (SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      out.push(relative);
    }
  }
  return out;
}

function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/[^\n]*/g, '$1');
}

/** Every source file under src/ with the files it imports. */
function buildGraph(root) {
  const files = listSources(root, 'src', []);
  const known = new Set(files);
  const resolve = (target) =>
    CANDIDATES.map((ending) => target + ending).find((candidate) => known.has(candidate));
  const edges = new Map();
  for (const file of files) {
    const text = withoutComments(fs.readFileSync(path.join(root, file), 'utf8'));
    const targets = new Set();
    for (const match of text.matchAll(IMPORT_TEXT)) {
      const target = importTarget(file, match[1] ?? match[2] ?? match[3]);
      const resolved = target && resolve(target);
      if (resolved && resolved !== file) targets.add(resolved);
    }
    edges.set(file, [...targets]);
  }
  return { edges, resolve };
}

/** The shortest chain of imports from `from` to `to`, or undefined when there is none. */
function importChain(edges, from, to) {
  const previous = new Map([[from, undefined]]);
  const queue = [from];
  for (let at = 0; at < queue.length; at += 1) {
    const file = queue[at];
    if (file === to) {
      const chain = [];
      for (let step = to; step !== undefined; step = previous.get(step)) chain.unshift(step);
      return chain;
    }
    for (const target of edges.get(file) ?? []) {
      if (!previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  return undefined;
}

export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle between source files, type-only imports included.' },
    messages: { cycle: 'This import closes a cycle: {{route}}.' },
    schema: [],
  },
  create(context) {
    const file = relativeOf(context);
    if (!file.startsWith('src/')) return {};
    graph ??= buildGraph(context.cwd);
    // The file's own imports are read from the text being linted (an editor's, a test's); the
    // rest of the tree from the disk.
    const check = (node, specifier) => {
      const target = importTarget(file, specifier);
      const resolved = target && graph.resolve(target);
      if (!resolved || resolved === file) return;
      const chain = importChain(graph.edges, resolved, file);
      if (!chain) return;
      context.report({ node, messageId: 'cycle', data: { route: [file, ...chain].join(' → ') } });
    };
    return visitImports(check);
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries, 'no-cycle': noCycle } };
