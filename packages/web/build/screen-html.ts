import type { Plugin, Rolldown } from 'vite';

type Bundle = Rolldown.OutputBundle;
type PluginThis = ThisParameterType<Extract<NonNullable<Plugin['generateBundle']>, { handler: unknown }>['handler']>;

/**
 * The chunks holding the `roots` modules and their static imports, with the styles they import: what the browser
 * needs to run those modules. The build fails when a root module is in no chunk. The scripts come largest first: on
 * the few connections of a phone the longest download starts first (Lighthouse's simulated slow 4G starts requests
 * in the order the page asked for them).
 */
function chunkClosure(context: PluginThis, bundle: Bundle, roots: string[]): { scripts: string[]; styles: string[] } {
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
    if (!chunk) context.error(`screen-html: no chunk holds ${root}`);
    visit(chunk);
  }
  const size = (file: string) => byFile.get(file)?.code.length ?? 0;
  return { scripts: scripts.sort((a, b) => size(b) - size(a)), styles };
}

/** index.html as Vite's own HTML plugin emitted it, or undefined when this build has none. */
function indexHtml(bundle: Bundle): string | undefined {
  const index = bundle['index.html'];
  return index && index.type === 'asset' ? String(index.source) : undefined;
}

/** Links for the chunks' scripts (modulepreload) and styles (`styleLink`) that the page does not name yet. */
function linksNotIn(
  html: string,
  { scripts, styles }: { scripts: readonly string[]; styles: readonly string[] },
  styleLink: (file: string) => string,
): string[] {
  const absent = (file: string) => !html.includes(`/${file}"`);
  return [...scripts.filter(absent).map(modulePreload), ...styles.filter(absent).map(styleLink)];
}

/**
 * The app behind the entry module, in index.html: `<link rel="modulepreload">` for the chunks holding `root` (the
 * module main.tsx imports once it has started the page's reads) and their static imports, and its styles as
 * stylesheets. Vite writes these links only for the entry's static imports; main.tsx imports the app dynamically so
 * that its reads leave before the app's code has arrived (decision 0105), and these links keep the app loading beside
 * the entry, its styles blocking the first paint as before.
 */
export function startupHtml(root: string): Plugin {
  return {
    name: 'ebt-startup-html',
    apply: 'build',
    generateBundle: {
      // After Vite's own HTML plugin has emitted index.html with the entry's links.
      order: 'post',
      handler(_options, bundle) {
        const html = indexHtml(bundle);
        if (html === undefined) return;
        const links = linksNotIn(html, chunkClosure(this, bundle, [root]), stylesheet);
        // Before the entry's script: the browser asks for the app's large chunks first, and the entry's few hundred
        // bytes, which need a round trip of their own, while those arrive.
        const at = html.search(/<script type="module"|<\/head>/);
        const indented = links.map((link) => `${link.trimEnd()}\n    `).join('');
        (bundle['index.html'] as Rolldown.OutputAsset).source = `${html.slice(0, at)}${indented}${html.slice(at)}`;
      },
    },
  };
}

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
      // After Vite's own HTML plugin and startupHtml have written index.html.
      order: 'post',
      handler(_options, bundle) {
        const html = indexHtml(bundle);
        if (html === undefined) return;
        // The start-up code's files are in index.html already, as script, modulepreload or stylesheet.
        const links = linksNotIn(html, chunkClosure(this, bundle, roots), stylePreload);
        this.emitFile({ type: 'asset', fileName, source: html.replace('</head>', `${links.join('')}</head>`) });
      },
    },
  };
}

// `crossorigin` as Vite's own links and its loader's have it, so the browser uses the preloaded response for them.
const modulePreload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">\n`;
const stylesheet = (file: string) => `<link rel="stylesheet" crossorigin href="/${file}">\n`;
const stylePreload = (file: string) => `<link rel="preload" as="style" crossorigin href="/${file}">\n`;
