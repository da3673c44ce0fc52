import type { Plugin, Rolldown } from 'vite';

/**
 * Writes `fileName` beside index.html: the same page, with `<link rel="modulepreload">` (and style preloads) for the
 * chunks a screen loads lazily, found as the chunks holding the `roots` modules and their static imports. The server
 * answers the screen's path with it (packages/server/src/platform/web.ts), so the browser fetches the screen's code
 * beside the start-up code instead of after it has run: on the recipient home, Lighthouse's slow 4G counted the
 * home's chunks one round trip and the start-up code's evaluation later (decision 0081). Other paths keep
 * index.html, so /login loads none of it.
 */
export function screenHtml(fileName: string, roots: string[]): Plugin {
  return {
    name: 'ebt-screen-html',
    apply: 'build',
    generateBundle: {
      // After Vite's own HTML plugin has emitted index.html with the start-up code's links.
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') return;
        const html = String(index.source);
        const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const scripts: string[] = [];
        const styles: string[] = [];
        const visit = (chunk: Rolldown.OutputChunk) => {
          if (scripts.includes(chunk.fileName)) return;
          scripts.push(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) if (!styles.includes(css)) styles.push(css);
          for (const imported of chunk.imports) {
            const next = byFile.get(imported);
            if (next) visit(next);
          }
        };
        for (const root of roots) {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(root)));
          if (!chunk) this.error(`screenHtml: no chunk holds ${root}`);
          visit(chunk);
        }
        // The start-up code's files are in index.html already, as script, modulepreload or stylesheet.
        const links = [
          ...scripts.filter((file) => !html.includes(`/${file}"`)).map((file) => modulePreload(file)),
          ...styles.filter((file) => !html.includes(`/${file}"`)).map((file) => stylePreload(file)),
        ];
        this.emitFile({ type: 'asset', fileName, source: html.replace('</head>', `${links.join('')}</head>`) });
      },
    },
  };
}

// `crossorigin` as Vite's own links and its loader's have it, so the browser uses the preloaded response for them.
const modulePreload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">\n`;
const stylePreload = (file: string) => `<link rel="preload" as="style" crossorigin href="/${file}">\n`;
