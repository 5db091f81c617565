import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The built site's browser files: the stylesheet's text (inlined) and the script URLs. */
export interface SiteAssets {
  css: string;
  scripts: string[];
}

/** The site's browser entry, as the client build's manifest names it. */
const SITE_ENTRY = 'src/site/client.ts';

interface ManifestChunk {
  file: string;
  css?: string[];
  isEntry?: boolean;
}

/**
 * Reads the client build's manifest (dist/.vite/manifest.json) to find the site script and its
 * stylesheet, and reads the stylesheet. Throws when the build is missing or has no site entry.
 */
export function loadSiteAssets(distDir: string): SiteAssets {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[SITE_ENTRY];
  if (!entry?.isEntry) throw new Error(`${manifestPath} has no entry for ${SITE_ENTRY}`);
  const css = (entry.css ?? []).map((file) => readFileSync(join(distDir, file), 'utf8')).join('\n');
  return { css, scripts: [`/${entry.file}`] };
}
