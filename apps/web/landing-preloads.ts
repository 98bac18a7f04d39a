import path from 'node:path';
import type { Plugin } from 'vite';
import { LANDING_PAGES } from './src/app/landing-pages.ts';

interface Chunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
}
const CSS = /\.css($|\?)/;

type Output = Chunk | { type: 'asset'; fileName: string };

/**
 * Writes `dist/landing.json`: for each path of src/app/landing-pages.ts, the chunks (with their
 * static imports) and styles its first paint needs beyond what index.html already loads. The
 * server turns them into `<link rel="modulepreload">` / `<link rel="preload" as="style">` for a
 * signed-in member's first request of that path (docs/web.md § Page speed). A module named there
 * that is in no chunk fails the build.
 */
export function landingPreloads(): Plugin {
  let root = '';
  let written: Record<string, { js: string[]; css: string[] }> = {};
  return {
    name: 'zl-landing-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const out = bundle as unknown as Record<string, Output>;
      const chunks = Object.values(out).filter((c): c is Chunk => c.type === 'chunk');
      // the chunk a module's dynamic import loads: its facade, else the (grouped) chunk that holds it
      const chunkOf = (id: string) =>
        chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
      const closure = (c: Chunk, into: Set<string>) => {
        for (const f of c.imports) {
          if (into.has(f)) continue;
          into.add(f);
          const next = out[f];
          if (next?.type === 'chunk') closure(next, into);
        }
      };
      const cssOf = (files: Set<string>) =>
        new Set(
          [...files].flatMap((f) => {
            const c = out[f];
            return c?.type === 'chunk' ? [...(c.viteMetadata?.importedCss ?? [])] : [];
          }),
        );
      // a chunk of styles only is dropped by Vite after this hook (its CSS stays): no preload of its JS
      const stylesOnly = (f: string) => {
        const c = out[f];
        return c?.type === 'chunk' && c.moduleIds.length > 0 && c.moduleIds.every((id) => CSS.test(id));
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const initial = new Set([entry.fileName]);
      closure(entry, initial);
      const initialCss = cssOf(initial);
      const table: Record<string, { js: string[]; css: string[] }> = {};
      for (const [route, modules] of Object.entries(LANDING_PAGES)) {
        const files = new Set<string>();
        for (const m of modules) {
          const c = chunkOf(path.resolve(root, m));
          if (!c) this.error(`landing page ${route}: ${m} is in no chunk`);
          files.add(c.fileName);
          closure(c, files);
        }
        table[route] = {
          js: [...files].filter((f) => !initial.has(f) && !stylesOnly(f)).map((f) => `/${f}`),
          css: [...cssOf(files)].filter((f) => !initialCss.has(f)).map((f) => `/${f}`),
        };
      }
      this.emitFile({ type: 'asset', fileName: 'landing.json', source: JSON.stringify(table, null, 1) });
      written = table;
    },
    // what the build finally wrote: a preload of a file that is not there would load the HTML
    writeBundle(_options, bundle) {
      for (const [route, { js, css }] of Object.entries(written)) {
        const gone = [...js, ...css].filter((f) => !(f.slice(1) in bundle));
        if (gone.length) this.error(`landing page ${route}: ${gone.join(', ')} not in the build`);
      }
    },
  };
}
