import path from 'node:path';

/**
 * Feature boundaries (docs/architecture.md): a feature's code reaches another feature's server
 * code only through that feature's service (`<f>.service.ts`) or its `server/index.ts`, never its
 * repo, tables, presenters or policies; tables may reference other tables (foreign keys). The
 * `server/db/schema` barrel is for drizzle-kit and migrations only.
 */
const FEATURE_FILE = /^src\/features\/([^/]+)\//;
const FEATURE_SERVER_TARGET = /^src\/features\/([^/]+)\/server\/(.+)$/;
const SCHEMA_BARREL = 'src/server/db/schema';

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep features apart: only services and server/index.ts cross over.' },
    messages: {
      crossFeature:
        "'{{target}}' is {{feature}}'s own server code: go through its service or its server/index.ts.",
      schemaBarrel:
        'Import tables from the feature that owns them, not the server/db/schema barrel (it is for drizzle-kit and migrations).',
    },
    schema: [],
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    const own = FEATURE_FILE.exec(file)?.[1];
    const isTable = file.endsWith('.table.ts');

    function check(node, specifier) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.posix
        .normalize(path.posix.join(path.posix.dirname(file), specifier))
        .replace(/\.(ts|tsx|js)$/, '');
      if (target === SCHEMA_BARREL) {
        context.report({ node, messageId: 'schemaBarrel' });
        return;
      }
      const match = FEATURE_SERVER_TARGET.exec(target);
      if (!own || !match || match[1] === own) return;
      const [, feature, rest] = match;
      const allowed =
        rest === 'index' || rest === `${feature}.service` || (isTable && rest.endsWith('.table'));
      if (!allowed) context.report({ node, messageId: 'crossFeature', data: { target, feature } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, node.source.value),
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
