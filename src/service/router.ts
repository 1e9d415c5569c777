// /health and /api: what is in service, and what the service offers.

import { Router } from 'express';
import { sendData } from '../http.ts';
import type { SnapshotStore } from '../snapshot.ts';

export const VERSION = '2.0.0';

/** Every endpoint the service answers (CONTRACT §5 `/api`). */
export const ENDPOINTS: ReadonlyArray<{ method: 'GET' | 'POST'; path: string }> = [
  ...['', '/:id', '/:id/glosowania', '/:id/profil-glosowania', '/:id/frekwencja', '/:id/frekwencja-czas', '/:id/zgodnosc-grupa',
    '/:id/koalicje', '/:id/oponenci', '/:id/glosowania-samotne', '/:id/glosowania-kluczowe', '/:id/glosowania-buntownicze']
    .map((p) => ({ method: 'GET' as const, path: `/api/radni${p}` })),
  ...['', '/:id', '/:id/glosy', '/:id/zalaczniki'].map((p) => ({ method: 'GET' as const, path: `/api/glosowania${p}` })),
  { method: 'POST', path: '/api/glosowania/:id/udostepnij' },
  { method: 'GET', path: '/api/glosowania/share/:link' },
  ...['dashboard', 'ranking-frekwencji', 'ranking-buntownikow', 'ranking-lojalistow', 'najbardziej-kontrowersyjne',
    'najbardziej-jednomyslne', 'aktywnosc-organow', 'frekwencja-czas', 'top-koalicje']
    .map((p) => ({ method: 'GET' as const, path: `/api/statystyki/${p}` })),
  ...['', '/:id', '/:id/punkty', '/:id/obecnosci'].map((p) => ({ method: 'GET' as const, path: `/api/posiedzenia${p}` })),
  ...['ugrupowania', 'organy', 'kadencje', 'stats'].map((p) => ({ method: 'GET' as const, path: `/api/utils/${p}` })),
];

/** Outcome of the last refresh, reported by /health (set by the scheduler). */
export interface RefreshStatus {
  last?: { ok: boolean; finished: string; seconds: number; snapshot?: string; error?: string };
  running: boolean;
}

export function serviceRouter(snapshots: SnapshotStore, refresh: RefreshStatus): Router {
  const router = Router();
  const started = Date.now();

  router.get('/health', (_req, res) => {
    const snapshot = snapshots.active;
    const body = {
      status: snapshot ? 'ok' : 'unavailable',
      version: VERSION,
      uptime_s: Math.floor((Date.now() - started) / 1000),
      data: snapshot ? { snapshot: snapshot.id, zaktualizowano: snapshot.builtAt, liczba_glosowan: snapshot.voteCount } : null,
      odswiezanie: { trwa: refresh.running, ostatnie: refresh.last ?? null },
    };
    res.status(snapshot ? 200 : 503).json(body);
  });

  router.get('/api', (_req, res) => {
    sendData(res, { nazwa: 'Council Voting Analytics API', wersja: VERSION, dokumentacja: '/api/openapi.json', endpoints: ENDPOINTS });
  });

  return router;
}
