// The builder's side of replication (PUBLISH_PORT): the published snapshot and its manifest, exactly as
// a static file server over the database's folder would serve them (`/<db file>.manifest.json`,
// `/<db file>`), with Range, If-Range and validators (express's sendFile), on a port of their own. The
// public front (guards, rate limit) is not on this port and these files are not on the public one:
// the replicas' network decides who may fetch the whole database.

import { createServer, type Server } from 'node:http';
import { basename, resolve } from 'node:path';
import express from 'express';
import type { Logger } from 'pino';
import { manifestPathOf, settleManifest } from '../../core/snapshot/manifest.ts';
import type { BackgroundJob } from '../process/background-job.ts';
import { fieldOf } from '../../core/errors.ts';

export function publisherApp(dbPath: string): express.Express {
  const files = new Map([
    [`/${basename(dbPath)}.manifest.json`, { path: resolve(manifestPathOf(dbPath)), type: 'application/json' }],
    [`/${basename(dbPath)}`, { path: resolve(dbPath), type: 'application/vnd.sqlite3' }],
  ]);
  const app = express();
  app.disable('x-powered-by');
  const manifest = `/${basename(dbPath)}.manifest.json`;
  app.get('/{*path}', (req, res, next) => {
    const file = files.get(req.path);
    if (!file) return next();
    // A build killed between renaming its database into place and its manifest left the manifest naming
    // a file that is gone: put the one naming the published file in place first (a stat when there is none).
    if (req.path === manifest) settleManifest(dbPath, { removeStale: false });
    // no-cache: a cache between builder and replica must ask before reusing either file.
    res.sendFile(
      file.path,
      { acceptRanges: true, cacheControl: false, headers: { 'Cache-Control': 'no-cache', 'Content-Type': file.type } },
      (error) => {
        if (!error || res.headersSent) return;
        // The client's mistakes keep their status (416 for a range past the end, with the file's length in
        // Content-Range, so that a replica starts again rather than retry); only a failure here is a 500.
        const status = fieldOf(error, 'status');
        const headers = fieldOf(error, 'headers');
        if (typeof headers === 'object' && headers !== null)
          for (const [name, value] of Object.entries(headers)) res.setHeader(name, String(value));
        res
          .status(typeof status === 'number' && status >= 400 && status < 500 ? status : 500)
          .type('text')
          .send(error.message);
      },
    );
  });
  app.use((req, res) => {
    res
      .status(404)
      .type('text')
      .send(`not published here: ${req.path} (this port serves ${[...files.keys()].join(' and ')})`);
  });
  // Express's own error page shows the stack (node_modules paths) outside production: a path it cannot
  // decode (`/radni/%ff%fe`) is the client's 400, anything else a bare 500, never a stack (issue 42).
  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    if (res.headersSent) return void res.end();
    const status = fieldOf(error, 'status');
    const clientError = error instanceof URIError || (typeof status === 'number' && status >= 400 && status < 500);
    res
      .status(clientError ? (typeof status === 'number' ? status : 400) : 500)
      .type('text')
      .send(
        clientError ? 'the path is not valid percent-encoding or not a request this port answers' : 'internal error',
      );
  });
  return app;
}

/** Listens on `host:port`; resolves with the server once it does. */
export function startPublisher(dbPath: string, host: string, port: number): Promise<Server> {
  return new Promise((resolveServer, reject) => {
    const server = createServer(publisherApp(dbPath));
    server.once('error', (error) =>
      reject(new Error(`cannot publish the snapshot on ${host}:${port}: ${error.message}`)),
    );
    server.listen(port, host, () => resolveServer(server));
  });
}

/** Closes a server at once: a download in flight is cut, and the replica resumes it later or from another builder. */
export const closeServer = (server: Server | null): Promise<void> =>
  new Promise<void>((done) => {
    if (!server) return done();
    server.close(() => done());
    server.closeAllConnections();
  });

/** The publisher as a builder's background job: it serves from `open` (after `describePublished`) until `stop`. */
export class Publisher implements BackgroundJob {
  private server: Server | null = null;

  constructor(
    private readonly dbPath: string,
    private readonly host: string,
    private readonly port: number,
    private readonly logger: Logger,
    /** Gives the published snapshot its manifest when it has none (it was built by an earlier version). */
    private readonly describePublished: (dbPath: string) => Promise<void>,
  ) {}

  async open(): Promise<void> {
    await this.describePublished(this.dbPath);
    this.server = await startPublisher(this.dbPath, this.host, this.port);
    this.logger.info(
      { manifest: `http://${this.host}:${this.port}/${basename(this.dbPath)}.manifest.json` },
      'publishing the snapshot to replicas',
    );
  }

  stop(): Promise<void> {
    return closeServer(this.server);
  }
}
