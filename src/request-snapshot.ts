// Each request holds the snapshot that was in service when it arrived, until its response closes.

import type { NextFunction, Request, Response } from 'express';
import { HttpError, notFound } from './http.ts';
import type { Queries } from './queries.ts';
import type { Snapshot, SnapshotStore } from './snapshot.ts';

export function holdSnapshot(store: SnapshotStore) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const snapshot = store.acquire();
    if (!snapshot) return next(new HttpError(503, 'no data has been loaded yet'));
    res.locals['snapshot'] = snapshot;
    res.once('close', () => snapshot.release());
    next();
  };
}

export const snapshotOf = (res: Response): Snapshot => res.locals['snapshot'] as Snapshot;
export const queriesOf = (res: Response): Queries => snapshotOf(res).queries;

/** Passes parsed parameters through, after checking that their `organ` is a body of this snapshot (CONTRACT §7: else 404). */
export function knownBody<T extends { organ?: number | undefined }>(res: Response, params: T): T {
  if (params.organ !== undefined && !queriesOf(res).utils.hasBody(params.organ)) {
    throw notFound(`no body ${params.organ} (the bodies are listed at /api/utils/organy)`);
  }
  return params;
}
