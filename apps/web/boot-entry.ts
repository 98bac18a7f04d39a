import type { Plugin } from 'vite';

/**
 * src/boot.ts as an entry of its own, named in index.html before the app's entry: Vite would fold
 * every module script of index.html into one entry, which runs only when React and the router
 * have arrived. On its own it runs as soon as its few kilobytes have, and starts the page's first
 * calls (docs/web.md § Page speed). Modules it shares with the app (the API client, lib/early) are
 * common chunks, so both see the same started requests. In development (vite dev) main.tsx
 * imports it instead.
 */
export function bootEntry(): Plugin {
  return {
    name: 'zl-boot-entry',
    apply: 'build',
    enforce: 'post',
    config() {
      return { build: { rolldownOptions: { input: { index: 'index.html', boot: 'src/boot.ts' } } } };
    },
    generateBundle(_options, bundle) {
      const out = bundle as Record<
        string,
        {
          type: string;
          name?: string;
          isEntry?: boolean;
          fileName: string;
          imports?: string[];
          source?: string | Uint8Array;
        }
      >;
      const boot = Object.values(out).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'boot');
      const html = out['index.html'];
      if (!boot || !html || typeof html.source !== 'string') {
        this.error('boot entry: src/boot.ts or index.html missing from the build');
      }
      const source = html.source;
      // its imports (and theirs) as preloads too, so they are fetched beside it rather than after it
      const deps = new Set<string>();
      const walk = (files: string[] = []) => {
        for (const f of files) {
          if (deps.has(f)) continue;
          deps.add(f);
          walk(out[f]?.imports);
        }
      };
      walk(boot.imports);
      const tags = [
        `<script type="module" crossorigin src="/${boot.fileName}"></script>`,
        ...[...deps]
          .filter((f) => !source.includes(`/${f}"`))
          .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
      ];
      html.source = source.replace(
        /(\s*)<script type="module"/,
        `$1${tags.join('$1')}$1<script type="module"`,
      );
    },
  };
}
