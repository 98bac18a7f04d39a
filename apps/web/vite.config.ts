import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { bootEntry } from './boot-entry.ts';
import { landingPreloads } from './landing-preloads.ts';
import { precompress } from './precompress.ts';

/**
 * Shared chunks: the React runtime and the antd core (ConfigProvider, theme, css-in-js, locale)
 * are needed by every page, so they get stable chunks of their own; antd components stay in the
 * per-page chunks that use them, which keeps Menu/Layout/Drawer out of the /login critical path.
 */
const REACT_RE = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const ROUTER_RE = /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/;
const ANTD_CORE_RE =
  /[\\/]node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils)|@rc-component[\\/]util|@babel[\\/]runtime|stylis|@emotion|antd[\\/]es[\\/](config-provider|theme|_util|locale|style|version))[\\/]/;

/** ZL_CHUNK_REPORT=1 writes dist/chunks.json: each chunk's modules and their rendered sizes (to see what a grouping does). */
const chunkReport = {
  name: 'zl-chunk-report',
  generateBundle(
    _: unknown,
    bundle: Record<
      string,
      { type: string; modules?: Record<string, { renderedLength: number }>; imports?: string[] }
    >,
  ) {
    if (!process.env.ZL_CHUNK_REPORT) return;
    const out: Record<string, { modules: Record<string, number>; imports: string[] }> = {};
    for (const [file, c] of Object.entries(bundle)) {
      if (c.type !== 'chunk') continue;
      const sizes = Object.entries(c.modules ?? {}).map(([id, m]) => [id, m.renderedLength] as const);
      out[file] = { modules: Object.fromEntries(sizes), imports: c.imports ?? [] };
    }
    (this as unknown as { emitFile: (f: object) => void }).emitFile({
      type: 'asset',
      fileName: 'chunks.json',
      source: JSON.stringify(out, null, 1),
    });
  },
};

/**
 * Signed-in pages fetch the same frame on every first visit: the layouts, react-query, dayjs and
 * the plain controls they draw (components/lite). Left to the automatic split they were ~60 files
 * of 1–4 KB, and a phone on a 150 ms round trip pays for each wave of six (docs/web.md § Page
 * speed), so they are one chunk. No antd in it: the frame, the project hall and the customer's list
 * paint before antd loads (antd-scope routes and the pages' lazy dialogs bring it).
 */
const PORTAL_RE = new RegExp(
  [
    // react-query, except queryOptions (the entry's session call uses it; it must not pull the frame)
    String.raw`[\\/]node_modules[\\/]@tanstack[\\/][^\\/]+[\\/]build[\\/]modern[\\/](?!queryOptions)`,
    String.raw`[\\/]node_modules[\\/]dayjs[\\/]`,
    String.raw`[\\/]src[\\/]app[\\/]layouts[\\/](site-shell|main-layout|site-footer|nav)\.`,
    String.raw`[\\/]src[\\/]features[\\/]customer[\\/]customer-layout\.`,
    String.raw`[\\/]src[\\/]features[\\/]message[\\/](components[\\/]unread-badge|api[\\/](live-events|tips))\.`,
    String.raw`[\\/]src[\\/]components[\\/](lite[\\/]lite-ui|pager)\.`,
    String.raw`[\\/]src[\\/]lib[\\/](query-client|use-compact|time)\.`,
  ].join('|'),
);
/**
 * The icons the signed-in frame, the project hall and the customer's list draw, in one file rather
 * than one request each (with the icon component they share and its colour helpers, so that an
 * icon does not pull antd's core in); the other pages' icons stay with them.
 */
const SHELL_ICONS = [
  'AppstoreOutlined',
  'BankOutlined',
  'BellOutlined',
  'BuildOutlined',
  'CalendarOutlined',
  'EnvironmentOutlined',
  'FileAddOutlined',
  'FilterOutlined',
  'HeartFilled',
  'HeartOutlined',
  'LogoutOutlined',
  'MenuOutlined',
  'PlusOutlined',
  'ProfileOutlined',
  'SoundOutlined',
  'TeamOutlined',
  'TransactionOutlined',
  'UserOutlined',
  'WarningOutlined',
];
const ICONS_RE = new RegExp(
  String.raw`[\\/]node_modules[\\/]@ant-design[\\/](colors[\\/]|fast-color[\\/]|icons[\\/]es[\\/](components[\\/]|[a-zA-Z]+\.js$)|(icons[\\/]es[\\/]icons|icons-svg[\\/]es[\\/]asn)[\\/](${SHELL_ICONS.join('|')})\.)`,
);

/** Components the app never draws (no import of them, none inside those it draws): their CSS goes. */
const UNUSED_ANTD = [
  'affix',
  'anchor',
  'back-top',
  'breadcrumb',
  'carousel',
  'color-picker',
  'float-btn',
  'masonry',
  'mentions',
  'picker-calendar',
  'qrcode',
  'select-tree',
  'slider',
  'splitter',
  'statistic',
  'tour',
  'transfer',
  'tree',
  'tree-select',
  'watermark',
];
const UNUSED_ANTD_RE = new RegExp(
  String.raw`\.ant-(${UNUSED_ANTD.join('|')})(?![a-z-])|\.ant-(${UNUSED_ANTD.join('|')})-`,
);

/**
 * antd's static CSS (app/antd-static.css), trimmed at build: its global `a` rules go (their colours
 * are variables defined only inside antd's components, so a plain link outside them lost its
 * colour; the app's base styles decide what a plain link looks like), and so do the rules of
 * components the app never draws.
 */
const trimAntdCss = {
  postcssPlugin: 'zl-trim-antd-css',
  Rule(rule: { selectors: string[]; source?: { input?: { file?: string } }; remove: () => void }) {
    const file = rule.source?.input?.file ?? '';
    if (!/[\\/]antd[\\/]dist[\\/]antd\.css$/.test(file)) return;
    const selectors = rule.selectors.map((s) => s.trim());
    if (selectors.every((s) => /^a(\[disabled\])?(:[a-z-]+)*$/.test(s))) rule.remove();
    else if (selectors.every((s) => UNUSED_ANTD_RE.test(s))) rule.remove();
  },
};

/**
 * Web test files that replace a module with `vi.mock`. They run in the `web-isolated` project
 * (vitest.isolated.config.ts), each in a fresh module registry and jsdom; every other web test file
 * shares one per worker (docs/testing.md § Time). src/test-isolation.test.ts fails when a file that
 * calls vi.mock is missing here.
 */
export const MOCKING_FILES = [
  'src/app/autologin.test.ts',
  'src/app/feedback-holder.test.tsx',
  'src/features/order-center/components/filter-panel.test.tsx',
];

export default defineConfig({
  css: { postcss: { plugins: [trimAntdCss] } },
  plugins: [react(), precompress(), chunkReport, landingPreloads(), bootEntry()],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      // the built-in Alipay sandbox's 收银台 (docs/payments.md)
      '/sandbox': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      // @zl/shared is side-effect free: importing one constant must not drag zod along.
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-vendor', test: REACT_RE, priority: 20 },
            { name: 'router', test: ROUTER_RE, priority: 15 },
            { name: 'antd-core', test: ANTD_CORE_RE, priority: 10 },
            { name: 'icons', test: ICONS_RE, priority: 11 },
            { name: 'portal', test: PORTAL_RE, priority: 8, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...MOCKING_FILES],
    setupFiles: ['./src/test-setup.ts'],
    // room for the 5 s waits of test-setup.ts on a loaded machine
    testTimeout: 20_000,
    // A fresh jsdom and module registry per file cost ~4 s a file; sharing them per worker makes
    // the project ~4× faster. test-setup.ts empties the DOM and the storages after every test.
    isolate: false,
  },
});
