// supertest's `request`, with one listening server per app instead of one per request (issue 41).
// `request(app)` from supertest wraps the app in a new server for every request, which the property
// tests (tens of thousands of requests) paid for in time and sockets; here each app gets one server,
// kept for the test file and closed after it (./cleanup.ts). Use it for every test that calls the app
// in process: `import request from './support/request.ts'`, test bodies unchanged. A URL (a server
// started by the test, a child process) is passed on to supertest as it is.

import { type Server, createServer } from 'node:http';
import type { RequestListener } from 'node:http';
import supertest from 'supertest';

export type { Response, Test } from 'supertest';

const servers = new WeakMap<RequestListener, Server>();
/** The servers this file opened, to close once its tests are done. */
const opened: Server[] = [];

/** supertest's agent over one server per app (or over the URL or server given). */
function request(app: RequestListener | Server | string): ReturnType<typeof supertest> {
  if (typeof app !== 'function') return supertest(app);
  let server = servers.get(app);
  if (!server) {
    // listen() binds at once: supertest reads the address synchronously, as it does for its own server.
    server = createServer(app).listen(0);
    // Requests come back to back on kept-alive sockets; never let the server close one the client is about to reuse.
    server.keepAliveTimeout = 60_000;
    servers.set(app, server);
    opened.push(server);
  }
  return supertest(server);
}

// Types as the tests name them after supertest's (`request.Response`): a namespace of types only, nothing emitted.
// eslint-disable-next-line @typescript-eslint/no-namespace
namespace request {
  export type Response = supertest.Response;
  export type Test = supertest.Test;
}
export default request;

/** Closes the servers this file's tests opened (./cleanup.ts, after the file). */
export async function closeAppServers(): Promise<void> {
  const closing = opened.splice(0).map(
    (server) =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  await Promise.all(closing);
}
