// The builder's replication port as an Express app (src/replication/publisher.ts serves it): the published
// snapshot and its manifest with Range, If-Range and validators (express's sendFile). A module of its
// own so that Express is loaded only by a builder that publishes, not by every server's start (issue 41:
// Express and body-parser were ~60 ms of a start's CPU).

import { basename, resolve } from 'node:path';
import express from 'express';
import { manifestPathOf, settleManifest } from '../../core/snapshot/manifest.ts';
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
