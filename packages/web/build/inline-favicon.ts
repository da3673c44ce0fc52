import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const FAVICON_LINK = 'href="/favicon.svg"';

/**
 * index.html's icon as a data: URL of public/favicon.svg (240 bytes): a page load asks for no icon of its own. As a
 * file, the browser fetched it on every first visit while the page's code was still arriving, one request more on
 * the phone's few connections (decision 0105). The file stays in public/ for whatever else links it.
 */
export function inlineFavicon(): Plugin {
  let publicDir = '';
  return {
    name: 'ebt-inline-favicon',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml(html) {
      if (!html.includes(FAVICON_LINK)) return html;
      const svg = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8').trim();
      return html.replace(FAVICON_LINK, `href="data:image/svg+xml,${encodeURIComponent(svg)}"`);
    },
  };
}
