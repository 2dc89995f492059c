import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BUILD, type BuildInfo } from '../shared/version';

/** The stamp `npm run build` writes beside the server bundle, or the product's release stamp. */
export function loadBuildInfo(): BuildInfo {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'build-info.json');
  try {
    return {
      ...DEFAULT_BUILD,
      ...(JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<BuildInfo>),
    };
  } catch {
    return DEFAULT_BUILD;
  }
}
