// /health and /api: what is in service, and what the service offers.

import { Router } from 'express';
import { API_ENDPOINTS } from '../answers/endpoints.ts';
import type { Delivery } from '../http/delivery.ts';
import { envelopeOf } from '../http/envelope.ts';
import type { SnapshotStore } from '../snapshot/snapshot.ts';

export const VERSION = '2.0.0';

/** Every endpoint the service answers (CONTRACT §5 `/api`): the 35 operations, then the service's own. */
export const ENDPOINTS = [
  ...API_ENDPOINTS.map(({ method, path }) => ({ method: method.toUpperCase(), path })),
  { method: 'GET', path: '/api' },
  { method: 'GET', path: '/health' },
];

/** Outcome of the last refresh, reported by /health (set by the scheduler). */
export interface RefreshStatus {
  last?: {
    ok: boolean; finished: string; seconds: number; snapshot?: string; error?: string;
    /** false: the source was the one already served, nothing was rebuilt. */
    rebuilt?: boolean;
  };
  /** The last fetch of a live source: when, what it brought, or why it failed. */
  fetch?: { finished: string; ok: boolean; newFiles?: number; unchanged?: number; bytes?: number; retries?: number; error?: string };
  running: boolean;
}

export function serviceRouter(snapshots: SnapshotStore, refresh: RefreshStatus, delivery: Delivery): Router {
  const router = Router();
  const started = Date.now();

  router.get('/health', (_req, res) => {
    const snapshot = snapshots.active;
    // The envelope of every response (CONTRACT §5): success is false only while no data is loaded.
    const body = {
      success: snapshot !== null,
      status: snapshot ? 'ok' : 'unavailable',
      version: VERSION,
      uptime_s: Math.floor((Date.now() - started) / 1000),
      data: snapshot
        ? { snapshot: snapshot.id, zaktualizowano: snapshot.builtAt, liczba_glosowan: snapshot.voteCount, najnowsze_glosowanie: snapshot.newestVote }
        : null,
      odswiezanie: { trwa: refresh.running, ostatnie: refresh.last ?? null, pobieranie: refresh.fetch ?? null },
    };
    delivery.sendUncached(res, snapshot ? 200 : 503, Buffer.from(JSON.stringify(body)));
  });

  router.get('/api', (_req, res) => {
    const index = { nazwa: 'Council Voting Analytics API', wersja: VERSION, dokumentacja: '/api/openapi.json', endpoints: ENDPOINTS };
    delivery.sendUncached(res, 200, envelopeOf(index));
  });

  return router;
}
