import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './precompress.ts';

/**
 * Shared chunks: the React runtime and the antd core (ConfigProvider, theme, css-in-js, locale)
 * are needed by every page, so they get stable chunks of their own; antd components stay in the
 * per-page chunks that use them, which keeps Menu/Layout/Drawer out of the /login critical path.
 */
const REACT_RE = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const ROUTER_RE = /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/;
const ANTD_CORE_RE =
  /[\\/]node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|@rc-component[\\/]util|@babel[\\/]runtime|stylis|@emotion|antd[\\/]es[\\/](config-provider|theme|_util|locale|style|version))[\\/]/;

export default defineConfig({
  plugins: [react(), precompress()],
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
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // room for the 5 s waits of test-setup.ts on a loaded machine
    testTimeout: 20_000,
  },
});
