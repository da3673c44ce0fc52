import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';

const WEB_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** The shared code of the app: the kit's components, lib, and core's rules and schemas. */
const KIT = /packages[\\/](web[\\/]src[\\/](components|lib)|core[\\/]src)[\\/]/;

/**
 * Whether a module is part of the kit (components, lib, core) and imported, directly or through other modules, by one
 * of `roots` (source files of packages/web): the shared code a screen cannot render without. The code-splitting
 * groups of vite.config.ts put it with the signed-in shell, which every portal page loads already, so the screen's
 * own chunk holds its feature code only and another area's screen never loads it to get a kit component.
 *
 * Only the app's own modules are walked and named: a package's index imports all of the package, of which the tree
 * shaking keeps what is used, and the group's `includeDependenciesRecursively` brings the packages' modules the kit
 * modules really use.
 */
export function kitOf(roots: string[]): (id: string, ctx: Rolldown.ChunkingContext) => boolean {
  const rootIds = roots.map((root) => path.join(WEB_ROOT, root));
  let reached: Set<string> | undefined;
  return (id, ctx) => {
    if (!reached) {
      reached = new Set();
      const queue = [...rootIds];
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        if (reached.has(next) || next.includes('node_modules')) continue;
        reached.add(next);
        queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return reached.has(id) && KIT.test(id);
  };
}
