// `/share/:link`: the page a share link (POST /api/glosowania/:id/udostepnij) opens: the vote, the
// ballots by group with the highlighted councillor marked, and the tags social sites read for a
// preview card (Open Graph, Twitter) plus a canonical link.

import { type ShareStore, SharesUnavailableError } from '../shares/index.ts';
import { BallotsByGroup, VoteSummaryBlock } from './glosowania.tsx';
import type { SiteData } from './data.ts';
import { BALLOT_LABEL, ballotOf, ballotSentence, formatDate, resultLine } from './format.ts';
import { type PageContext, type PageView, href } from './layout.tsx';
import { SiteError, notFoundPage } from './request.ts';

/** Share links are 128 random bits in base64url (src/shares/). */
const LINK = /^[A-Za-z0-9_-]{22}$/;

export async function sharePage(ctx: PageContext, data: SiteData, shares: ShareStore, link: string): Promise<PageView> {
  const found = LINK.test(link) ? await data.share(shares, link).catch((error: unknown) => {
    if (error instanceof SharesUnavailableError) throw new SiteError(503, 'Linki udostępniania są chwilowo niedostępne. Pozostałe strony działają; spróbuj ponownie za chwilę.');
    throw error;
  }) : undefined;
  if (!found) throw notFoundPage('Nie ma takiego linku. Mógł zostać przepisany z błędem.');
  const v = found.vote;
  const h = found.highlighted;
  const result = resultLine(v.wynik, v.za, v.przeciw);
  const description = h ? `${ballotSentence(h.imie_nazwisko, h.glos)} · ${result}` : `${formatDate(v.data)}, ${v.organ} · ${result}`;
  const url = `${ctx.origin}/share/${found.link}`;
  return {
    title: v.tytul,
    section: 'glosowania',
    description,
    head: (
      <>
        <link rel="canonical" href={url} />
        <meta property="og:type" content="article" />
        <meta property="og:site_name" content={ctx.siteName} />
        <meta property="og:locale" content="pl_PL" />
        <meta property="og:title" content={v.tytul} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={url} />
        <meta name="twitter:card" content="summary" />
        <meta name="twitter:title" content={v.tytul} />
        <meta name="twitter:description" content={description} />
      </>
    ),
    body: (
      <>
        <article class="card">
          <h1 class="title">{v.tytul}</h1>
          {h && (
            <p class="lead hl">
              <strong>{ballotSentence(h.imie_nazwisko, h.glos)}</strong>
              {h.ugrupowanie ? ` (${h.ugrupowanie})` : ''}
              <span class="vh">: {BALLOT_LABEL[ballotOf(h.glos)]}</span>
            </p>
          )}
          <VoteSummaryBlock ctx={ctx} data={found} />
          <p>
            <a href={href(ctx, `/glosowania/${v.id_glosowania}`)}>Szczegóły głosowania</a>
            {h && <> · <a href={href(ctx, `/radni/${h.id_osoby}`)}>Profil: {h.imie_nazwisko}</a></>}
            {' '}<button type="button" class="copy" data-copy={`/share/${found.link}`} data-status="copy-status" hidden>Kopiuj link</button>
            <span id="copy-status" role="status"></span>
          </p>
        </article>
        <h2>Głosy według ugrupowań</h2>
        <BallotsByGroup ctx={ctx} data={found} highlight={h?.id_osoby} />
      </>
    ),
  };
}
