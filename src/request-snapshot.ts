// Each request holds the snapshot that was in service when it arrived, until its response closes.

import type { NextFunction, Request, Response } from 'express';
import { HttpError } from './http.ts';
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
