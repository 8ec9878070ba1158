import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { InlineConfig } from 'vite';
import { type ApiTargets, apiProxyByMethod } from './vite-plugins/api-proxy.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

export type WebConfigOptions = ApiTargets & { host?: string; port?: number };

/** The web app's Vite configuration, given where the two APIs listen. */
export function createWebConfig(options: WebConfigOptions): InlineConfig {
  return {
    configFile: false,
    root: webRoot,
    plugins: [
      // The router plugin must come before the React plugin.
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        routesDirectory: `${webRoot}src/routes`,
        generatedRouteTree: `${webRoot}src/routeTree.gen.ts`,
      }),
      react(),
      apiProxyByMethod(options),
    ],
    server: { host: options.host ?? '127.0.0.1', port: options.port ?? 5173, strictPort: true },
    preview: { host: options.host ?? '127.0.0.1', port: options.port ?? 4173, strictPort: true },
    build: { outDir: `${webRoot}dist`, emptyOutDir: true },
  };
}

export default createWebConfig({
  queryApiUrl: process.env.QUERY_API_URL ?? 'http://127.0.0.1:4002',
  writeApiUrl: process.env.WRITE_API_URL ?? 'http://127.0.0.1:4001',
});
