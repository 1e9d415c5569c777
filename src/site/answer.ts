// The start of every cacheable answer of the website (a page, a download, a feed, a card): the snapshot
// the request holds (held as the API's operations hold it, by the request's exchange), the answer's ETag (a function of the snapshot, the code and the URL), and a 304
// before anything is read when the client holds it already (src/http/delivery.ts).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Delivery, type Encoding, type Kind, etagFor } from '../http/delivery.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';

/**
 * A request of one of the website's routes on the front's route table (src/site/router.ts): node's
 * request and response, the URL as sent (the key of its ETag), its path, the path parameters decoded.
 */
export interface SiteRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: string;
  path: string;
  params: Record<string, string>;
  /** The path parameters as sent (percent-encoded): the key of a kept page (src/answers/sources.ts). */
  sent: Record<string, string>;
  /** The snapshot the request holds (src/http/exchange.ts Exchange.hold: the API's one way too). */
  hold: () => Snapshot;
}

/** What answers a route of the website; a thrown error or a rejection is answered by the one error handler (src/app.ts). */
export type SiteHandler = (request: SiteRequest) => void | Promise<void>;

export interface Cacheable {
  snapshot: Snapshot;
  etag: string;
  /** The encoding to send in (null: as it is). */
  encoding: Encoding | null;
}

/** The answer's start, or undefined when it was answered 304. */
export function cacheable(request: SiteRequest, delivery: Delivery, kind: Kind): Cacheable | undefined {
  const { req, res, url } = request;
  const snapshot = request.hold();
  const etag = etagFor(snapshot.answersVersion, url);
  const encoding = delivery.encodingFor(req, kind);
  return delivery.notModified(req, res, etag, encoding, kind) ? undefined : { snapshot, etag, encoding };
}
