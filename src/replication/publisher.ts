// The builder's side of replication (PUBLISH_PORT): the published snapshot and its manifest, exactly as
// a static file server over the database's folder would serve them (`/<db file>.manifest.json`,
// `/<db file>`), with Range, If-Range and validators (express's sendFile: src/replication/publisher-app.ts,
// loaded when publishing starts), on a port of their own. The public front (guards, rate limit) is not
// on this port and these files are not on the public one: the replicas' network decides who may fetch
// the whole database.

import { createServer, type Server } from 'node:http';
import { basename } from 'node:path';
import type { Logger } from 'pino';
import type { BackgroundJob } from '../process/background-job.ts';

/** Listens on `host:port`; resolves with the server once it does. */
export async function startPublisher(dbPath: string, host: string, port: number): Promise<Server> {
  const { publisherApp } = await import('./publisher-app.ts');
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
