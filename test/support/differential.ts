// The requests the differential tests send to the API and to the naive reference (test/support/reference.ts)
// for each random council, and the GET endpoints they leave out, each with the reason. Which endpoints
// are compared is derived from these lists and the endpoint tables (test/reference.test.ts): a new GET
// endpoint fails that test until it is compared here or listed in NOT_COMPARED.

import { JAKOSC_KINDS } from '../../core/snapshot/schema.ts';
import type { GlosValue } from '../../src/radni/queries.ts';
import type { Bundle } from './bundle.ts';

/** GET endpoints (by path) the differential tests do not compare with the reference, and why. */
export const NOT_COMPARED: Readonly<Record<string, string>> = {
  '/api/glosowania/share/:link':
    'a share link is made at run time, not a figure of the council: test/shares.test.ts and test/share-identity.test.ts',
  '/api/statystyki/mapa':
    "the coordinates are core/embedding.ts's classical MDS and the reference has no second eigen-solver: " +
    'test/evidence.test.ts checks the map against coordinates worked out by hand, test/embedding.test.ts the solver',
};

/**
 * The figures' requests: each endpoint of CONTRACT §2–§8 and §11, with and without the scope filters
 * (test/metrics.test.ts); `topics`: the ids of the council's vocabulary, `inne` included.
 */
export function figureRequests(
  bundle: Bundle,
  topics: readonly string[] = ['inne'],
  policies: readonly string[] = [],
): string[] {
  const people = (bundle['radni.csv'] ?? []).map((r) => r['id_osoby']);
  const votes = (bundle['glosowania.csv'] ?? []).map((r) => r['id_glosowania']);
  const sessions = (bundle['posiedzenia.csv'] ?? []).map((r) => r['id_posiedzenia']);
  const terms = (bundle['kadencje.csv'] ?? []).map((r) => `kadencja=${r['kadencja']}`);
  const bodies = (bundle['organy.csv'] ?? []).map((r) => `organ=${r['id_organu']}`);
  const scopes = ['', ...terms];
  const paths: string[] = ['/api/utils/stats', '/api/utils/organy', '/api/utils/kadencje', '/api/radni'];
  // §13: the policies take `organ` (the list) and `kadencja` with `organ` (a policy, a councillor's); an unknown id: 404.
  paths.push('/api/polityki', '/api/polityki/nie-ma-takiej');
  for (const scope of scopes) {
    const q = scope ? `?${scope}` : '';
    const and = scope ? `&${scope}` : '';
    paths.push(
      `/api/radni${q}`,
      `/api/utils/ugrupowania${q}`,
      `/api/statystyki/dashboard${q}`,
      `/api/statystyki/aktywnosc-organow${q}`,
      `/api/statystyki/frekwencja-czas${q}`,
      `/api/statystyki/ranking-frekwencji?limit=100${and}`,
      `/api/statystyki/ranking-frekwencji?min_posiedzen=0&limit=100${and}`,
      `/api/statystyki/ranking-buntownikow?min_glosowan=1&limit=100${and}`,
      `/api/statystyki/ranking-lojalistow?min_glosowan=0&limit=100${and}`,
      `/api/statystyki/najbardziej-kontrowersyjne?limit=100${and}`,
      `/api/statystyki/najbardziej-jednomyslne?limit=100${and}`,
      `/api/statystyki/top-koalicje?min_wspolne=1&limit=100${and}`,
      `/api/statystyki/top-koalicje?min_wspolne=1&tylko_miedzy_ugrupowaniami=true&limit=100${and}`,
      `/api/glosowania?limit=100${and}`,
      `/api/posiedzenia?limit=100${and}`,
      `/api/statystyki/najwieksze-proby${q}`,
      `/api/utils/tematy${q}`,
      `/api/statystyki/tematy${q}`,
      `/api/statystyki/tematy-buntownicy?min_glosowan=0&limit=100${and}`,
      `/api/statystyki/tematy-buntownicy?min_glosowan=2&limit=3${and}`,
    );
    for (const temat of topics) paths.push(`/api/glosowania?temat=${temat}&limit=100${and}`);
    for (const policy of policies) paths.push(`/api/polityki/${policy}${q}`);
    // What the record disagrees about (CONTRACT §12): the counts, and the votes behind each.
    paths.push(`/api/utils/jakosc${q}`);
    for (const jakosc of JAKOSC_KINDS) paths.push(`/api/glosowania?jakosc=${jakosc}&limit=100${and}`);
    for (const id of people) {
      for (const metric of [
        '',
        '/profil-glosowania',
        '/frekwencja',
        '/frekwencja-czas',
        '/zgodnosc-grupa',
        '/glosowania-liczby',
        '/organy',
      ]) {
        paths.push(`/api/radni/${id}${metric}${q}`);
      }
      for (const list of [
        'glosowania',
        'glosowania-samotne',
        'glosowania-kluczowe',
        'glosowania-buntownicze',
        'glosowania-zgodne',
      ]) {
        paths.push(`/api/radni/${id}/${list}?limit=100${and}`);
      }
      paths.push(
        `/api/radni/${id}/koalicje?min_wspolne=1&limit=100${and}`,
        `/api/radni/${id}/oponenci?min_wspolne=1&limit=100${and}`,
      );
      paths.push(`/api/radni/${id}/tematy${q}`, `/api/radni/${id}/glosowania?temat=${topics[0]}&limit=100${and}`);
      paths.push(`/api/radni/${id}/polityki${q}`);
      for (const list of ['glosowania-buntownicze', 'glosowania-zgodne'])
        paths.push(`/api/radni/${id}/${list}?temat=${topics[0]}&limit=100${and}`);
    }
  }
  // organ on every aggregate (CONTRACT §7), alone and with each term; an unknown body is 404.
  for (const body of [...bodies, 'organ=999']) {
    for (const scope of scopes) {
      const and = `${body}${scope ? `&${scope}` : ''}`;
      paths.push(
        `/api/radni?${and}`,
        `/api/statystyki/dashboard?${and}`,
        `/api/statystyki/aktywnosc-organow?${and}`,
        `/api/statystyki/frekwencja-czas?${and}`,
        `/api/statystyki/ranking-frekwencji?min_posiedzen=0&limit=100&${and}`,
        `/api/statystyki/ranking-buntownikow?min_glosowan=0&limit=100&${and}`,
        `/api/statystyki/ranking-lojalistow?min_glosowan=1&limit=100&${and}`,
        `/api/statystyki/najbardziej-kontrowersyjne?limit=100&${and}`,
        `/api/statystyki/najbardziej-jednomyslne?limit=100&${and}`,
        `/api/statystyki/top-koalicje?min_wspolne=1&limit=100&${and}`,
        `/api/statystyki/top-koalicje?min_wspolne=1&tylko_miedzy_ugrupowaniami=true&limit=100&${and}`,
        `/api/glosowania?limit=100&${and}`,
        `/api/posiedzenia?limit=100&${and}`,
        `/api/statystyki/najwieksze-proby?${and}`,
        `/api/utils/tematy?${and}`,
        `/api/utils/jakosc?${and}`,
        ...JAKOSC_KINDS.map((jakosc) => `/api/glosowania?jakosc=${jakosc}&limit=100&${and}`),
        `/api/statystyki/tematy?${and}`,
        `/api/glosowania?temat=${topics[0]}&limit=100&${and}`,
        `/api/statystyki/tematy-buntownicy?min_glosowan=1&limit=100&${and}`,
        `/api/statystyki/tematy-buntownicy?min_glosowan=0&temat=${topics[0]}&limit=100&${and}`,
      );
      if (!scope) paths.push(`/api/polityki?${body}`);
      for (const policy of policies) paths.push(`/api/polityki/${policy}?${and}`);
      for (const id of people)
        paths.push(
          `/api/radni/${id}/tematy?${and}`,
          `/api/radni/${id}/glosowania-buntownicze?limit=100&${and}`,
          `/api/radni/${id}/glosowania-zgodne?temat=${topics[0]}&limit=100&${and}`,
          `/api/radni/${id}/polityki?${and}`,
        );
    }
  }
  for (const id of votes)
    paths.push(
      `/api/glosowania/${id}`,
      `/api/glosowania/${id}/glosy`,
      `/api/glosowania/${id}/glosy?ugrupowanie=true`,
      `/api/glosowania/${id}/zalaczniki`,
    );
  for (const id of sessions) {
    paths.push(
      `/api/posiedzenia/${id}`,
      `/api/posiedzenia/${id}/punkty`,
      `/api/posiedzenia/${id}/obecnosci`,
      `/api/posiedzenia/${id}/glosowania`,
    );
  }
  paths.push(
    '/api/glosowania?limit=3&page=2',
    '/api/glosowania?wynik=odrzucono&limit=100',
    '/api/glosowania?kontrowersyjnosc_min=50&limit=100',
  );
  return paths;
}

const GLOS: GlosValue[] = ['za', 'przeciw', 'wstrzymujacy', 'nieobecny', 'brak_glosu'];

/** Every §9 request for a council: each councillor and pair, with no filter, each term, each body (and an unknown one), both together (test/evidence.test.ts). */
export function evidenceRequests(bundle: Bundle): Array<[string, Record<string, string>]> {
  const people = (bundle['radni.csv'] ?? []).map((r) => String(r.id_osoby));
  const terms = (bundle['kadencje.csv'] ?? []).map((r) => String(r.kadencja));
  const bodies = [...(bundle['organy.csv'] ?? []).map((r) => String(r.id_organu)), '999'];
  const scopes: Array<Record<string, string>> = [
    {},
    ...terms.map((kadencja) => ({ kadencja })),
    ...bodies.flatMap((organ) => [{ organ }, ...terms.map((kadencja) => ({ organ, kadencja }))]),
  ];
  const requests: Array<[string, Record<string, string>]> = [];
  for (const scope of scopes) {
    requests.push(['/api/statystyki/spojnosc-ugrupowan', { ...scope, limit: '100' }]);
    for (const p of people) {
      for (const glos of GLOS) requests.push([`/api/radni/${p}/glosowania`, { ...scope, glos, limit: '100' }]);
      requests.push([`/api/radni/${p}/obecnosci`, { ...scope, limit: '100' }]);
      for (const q of people) requests.push([`/api/radni/${p}/porownanie/${q}`, { ...scope, limit: '100' }]);
    }
  }
  // Paging past the first page, and beyond the end.
  if (people.length >= 2) {
    requests.push(
      [`/api/radni/${people[0]}/porownanie/${people[1]}`, { limit: '2', page: '2' }],
      [`/api/radni/${people[0]}/glosowania`, { glos: 'za', limit: '1', page: '2' }],
      [`/api/radni/${people[0]}/obecnosci`, { limit: '1', page: '3' }],
    );
  }
  return requests;
}

/** The monthly series (the site's charts): cohesion of every group and agreement of every pair, in every scope. */
export function monthlyRequests(bundle: Bundle): Array<[string, Record<string, string>]> {
  const people = (bundle['radni.csv'] ?? []).map((r) => String(r.id_osoby));
  const terms = (bundle['kadencje.csv'] ?? []).map((r) => String(r.kadencja));
  const bodies = [...(bundle['organy.csv'] ?? []).map((r) => String(r.id_organu)), '999'];
  const scopes: Array<Record<string, string>> = [
    {},
    ...terms.map((kadencja) => ({ kadencja })),
    ...bodies.flatMap((organ) => [{ organ }, ...terms.map((kadencja) => ({ organ, kadencja }))]),
  ];
  const requests: Array<[string, Record<string, string>]> = [];
  for (const scope of scopes) {
    requests.push(['/api/statystyki/spojnosc-czas', { ...scope, limit: '100' }]);
    for (const p of people) {
      for (const q of people) requests.push([`/api/radni/${p}/porownanie/${q}/zgodnosc-czas`, scope]);
    }
  }
  for (const group of (bundle['ugrupowania.csv'] ?? []).map((r) => String(r.id_ugrupowania))) {
    requests.push(['/api/statystyki/spojnosc-czas', { ugrupowanie: group }]);
    requests.push(['/api/statystyki/spojnosc-czas', { ugrupowanie: group, limit: '1' }]);
  }
  return requests;
}
