import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

export type RunningServer = { port: number; url: string; close(): Promise<void> };

/** Serves a Hono app over HTTP on `hostname:port` (port 0 picks a free one). */
export function serveApp(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env and schema.
  app: Hono<any, any, any>,
  options: { port: number; hostname: string },
): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: app.fetch, port: options.port, hostname: options.hostname },
      (info: AddressInfo) => {
        resolve({
          port: info.port,
          url: `http://${options.hostname}:${info.port}`,
          close: () =>
            new Promise((done, fail) => {
              server.close((error) => (error ? fail(error) : done()));
              // Keep-alive sockets would otherwise hold close() open until they time out.
              if ('closeAllConnections' in server) server.closeAllConnections();
            }),
        });
      },
    );
    server.once('error', reject);
  });
}
