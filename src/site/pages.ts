// The page table of the website, like the endpoint tables of the API (src/<resource>/endpoints.ts):
// each entry is a page's route, its `load` over the endpoints, its `render`, and the lists it offers
// as CSV. The router registers every entry (src/site/router.ts); the sitemap and the links take their
// addresses from the same routes (src/urls/paths.ts). A new page is one entry here and its module.

import { downloadsPage } from './downloads.tsx';
import { attendanceRecordsPage, cohesionPage, comparePage } from './evidence.tsx';
import { votePage, votesPage } from './glosowania.tsx';
import { homePage } from './home.tsx';
import { methodPage } from './method.tsx';
import type { AnyPage } from './page.ts';
import { sessionPage, sessionsPage } from './posiedzenia.tsx';
import { qualityPage } from './quality.tsx';
import { councillorPage, councillorsPage } from './radni.tsx';
import { rankingsPage } from './rankingi.tsx';
import { searchPage } from './search.tsx';
import { sharePage } from './share.tsx';
import { topicsPage } from './tematy.tsx';
import { policiesPage, policyPage } from './polityki.tsx';

/** Every page, in the order the router tries them (a fixed path before a pattern that would match it). */
export const SITE_PAGES: readonly AnyPage[] = [
  homePage,
  searchPage,
  downloadsPage,
  councillorsPage,
  councillorPage,
  attendanceRecordsPage,
  comparePage,
  cohesionPage,
  methodPage,
  qualityPage,
  votesPage,
  votePage,
  sessionsPage,
  sessionPage,
  rankingsPage,
  topicsPage,
  policiesPage,
  policyPage,
  sharePage,
];
