// /health and /api: what is in service, and what the service offers. Routes of the front.

import { parse as parseQuery } from 'node:querystring';
import type { RefreshSourceStatus } from '../../core/sources.ts';
import { rejectUnknownQuery } from '../answers/endpoint.ts';
import { API_ENDPOINTS } from '../answers/endpoints.ts';
import type { Delivery } from '../http/delivery.ts';
import { envelopeOf } from '../http/envelope.ts';
import type { FrontAnswer } from '../http/front.ts';
import { READ, type Route } from '../http/routes.ts';
import { type FollowStatus, behindSeconds } from '../replication/follower.ts';
import type { SnapshotStore } from '../snapshot/snapshot.ts';
import { VERSION } from './schemas.ts';

/** Every endpoint the service answers (CONTRACT §5 `/api`): the operations of the endpoint tables, then the service's own. */
export const ENDPOINTS = [
  ...API_ENDPOINTS.map(({ method, path }) => ({ method: method.toUpperCase(), path })),
  { method: 'GET', path: '/api' },
  { method: 'GET', path: '/health' },
];

/** Outcome of the last refresh, reported by /health (set by the scheduler). */
export interface RefreshStatus {
  last?: {
    ok: boolean;
    finished: string;
    seconds: number;
    snapshot?: string;
    error?: string;
    /** false: the source was the one already served, nothing was rebuilt. */
    rebuilt?: boolean;
    /** Set when the refresh refused to publish (`error` says why): another source than the snapshot's, or a collapse of its data. */
    refused?: 'source' | 'collapse';
  };
  /** The source the next refresh will use. */
  source?: RefreshSourceStatus;
  /** The last fetch of a live source: when, what it brought, or why it failed. */
  fetch?: {
    finished: string;
    ok: boolean;
    newFiles?: number;
    unchanged?: number;
    bytes?: number;
    retries?: number;
    error?: string;
    /** Files upstream sent broken: not mirrored, the previous good file kept. */
    rejected?: Array<{ url: string; problem: string }>;
  };
  running: boolean;
}

export function serviceRoutes(
  snapshots: SnapshotStore,
  refresh: RefreshStatus,
  delivery: Delivery,
  follow?: FollowStatus,
): Array<Route<FrontAnswer>> {
  const started = Date.now();

  const health: FrontAnswer = ({ res }) => {
    const snapshot = snapshots.active;
    // The envelope of every response (CONTRACT §5): success is false only while no data is loaded.
    const body = {
      success: snapshot !== null,
      status: snapshot ? 'ok' : 'unavailable',
      version: VERSION,
      uptime_s: Math.floor((Date.now() - started) / 1000),
      data: snapshot
        ? {
            snapshot: snapshot.id,
            zaktualizowano: snapshot.builtAt,
            liczba_glosowan: snapshot.voteCount,
            najnowsze_glosowanie: snapshot.newestVote,
          }
        : null,
      odswiezanie: {
        trwa: refresh.running,
        ostatnie: refresh.last ?? null,
        pobieranie: refresh.fetch ?? null,
        zrodlo: refresh.source ?? null,
      },
      // A replica: the builder it follows and how far behind it the served snapshot is.
      replika: follow ? { ...follow, behindSeconds: behindSeconds(follow, snapshot?.id) } : null,
      // The published file is not served: its bytes are not its manifest's.
      odrzucona: snapshots.refusal,
    };
    delivery.sendUncached(res, snapshot ? 200 : 503, Buffer.from(JSON.stringify(body)));
  };

  const index: FrontAnswer = ({ res, search }) => {
    rejectUnknownQuery('/api', [], Object.keys(parseQuery(search)));
    const body = {
      nazwa: 'Council Voting Analytics API',
      wersja: VERSION,
      dokumentacja: '/api/openapi.json',
      endpoints: ENDPOINTS,
    };
    delivery.sendUncached(res, 200, envelopeOf(body));
  };

  return [
    { path: '/health', methods: READ, kind: 'health', target: health },
    // Any other method: not guarded either, and answered 404.
    { path: '/health', methods: 'any', kind: 'health' },
    { path: '/api', methods: READ, kind: 'data', target: index },
  ];
}
