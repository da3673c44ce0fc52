import type { Plugin } from 'vite';

/**
 * Each @mantine/core component's class names live in `esm/components/<Dir>/<Name>.module.mjs`, and its rules in
 * `styles/<Name>.layer.css` (Mantine's "import styles per component"). The whole `styles.css` is 290 KB that the
 * browser parses and matches against every element of the first screen, although the sign-in page uses a dozen
 * components. In the build, each class-name module imports its component's stylesheet, so the CSS follows the
 * JavaScript: a component in the startup chunk brings its rules to the startup stylesheet, one first used by a staff
 * screen brings them to that screen's chunk, which Vite loads (and waits for) before the chunk runs.
 *
 * A component's dependencies are imported before it (Button imports UnstyledButton), so their rules come first, the
 * order Mantine asks for. The `.layer.css` files put every rule in `@layer mantine`, so a stylesheet that arrives
 * with a later chunk never overrides the app's own (unlayered) CSS, whatever order the files load in.
 *
 * `virtual:mantine-styles` (imported first by app/start.tsx) holds the global styles: baseline, the default CSS
 * variables and the global classes. `npm run dev` pre-bundles @mantine/core, so its modules never reach this plugin:
 * there the virtual module is the whole layered stylesheet.
 */
// Components, and the one shared piece with styles of its own (utils/InlineInput: checkbox, radio and switch labels).
const CLASS_NAMES_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:components|utils)[\\/].*[\\/](\w+)\.module\.mjs$/;
const VIRTUAL_ID = 'virtual:mantine-styles';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const GLOBAL_STYLES = ['baseline', 'default-css-variables', 'global'];

export function mantineComponentStyles(): Plugin {
  let perComponent = false;
  return {
    name: 'ebt-mantine-component-styles',
    configResolved(config) {
      perComponent = config.command === 'build';
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      if (!perComponent) return `import '@mantine/core/styles.layer.css';\n`;
      return GLOBAL_STYLES.map((name) => `import '@mantine/core/styles/${name}.layer.css';\n`).join('');
    },
    transform(code, id) {
      if (!perComponent) return null;
      const name = CLASS_NAMES_MODULE.exec(id)?.[1];
      if (!name) return null;
      // Appended: the module only exports its class names (no imports of its own), so its lines, and with them the
      // source map, stay as they are. An ES import runs before the module's body wherever it is written.
      return { code: `${code}\nimport '@mantine/core/styles/${name}.layer.css';\n`, map: null };
    },
  };
}
