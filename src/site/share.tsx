// `/share/:link`: the page a share link (POST /api/glosowania/:id/udostepnij, or the vote page's share
// form) opens: the vote, the ballots by group with the highlighted councillor marked, and the tags
// social sites read for a preview card (Open Graph, Twitter: its image is the vote's card with the
// councillor's ballot) plus a canonical link.

import { VoteGoneError, glosowania } from '../glosowania/endpoints.ts';
import { groupBallots } from '../glosowania/vote-ballots.ts';
import { type VotePageData, groupsOf } from './data.ts';
import { BallotsByGroup, VoteHeading, VoteSummaryBlock } from './glosowania.tsx';
import { BALLOT_LABEL, ballotOf, ballotSentence, formatDate, resultLine } from '../text/format.ts';
import { HttpError } from '../http/envelope.ts';
import { page } from './page.ts';
import { SiteError, orNotFound } from '../urls/params.ts';
import { groupName } from './layout.tsx';
import { titleOf } from './record.tsx';
import { PAGES, cardPaths, linkTo, sharePath } from '../urls/paths.ts';

/**
 * The share store is down (a 503 from the endpoint): the rest of the site still works. The link's vote is
 * gone from the data: 410, saying so (never another vote in its place).
 */
const unavailable = (error: unknown): never => {
  if (error instanceof HttpError && error.status === 503) {
    throw new SiteError(
      503,
      'Linki udostępniania są chwilowo niedostępne. Pozostałe strony działają; spróbuj ponownie za chwilę.',
    );
  }
  if (error instanceof VoteGoneError) {
    throw new SiteError(
      410,
      'Głosowania, do którego prowadzi ten link, nie ma już w danych: źródło danych je wycofało ' +
        'albo zmieniło tak, że nie da się go rozpoznać. Link nie pokaże innego głosowania w jego miejsce.',
    );
  }
  throw error;
};

export const sharePage = page({
  route: PAGES.share,
  load: async ({ params: { link } }, { answer, tokens }) => {
    const shared = await orNotFound(
      'Nie ma takiego linku. Mógł zostać przepisany z błędem.',
      answer(glosowania.shared, { params: { link } }).catch(unavailable),
    );
    const v = shared.glosowanie;
    const found: VotePageData & { link: string } = {
      link: shared.link,
      vote: v,
      ballots: shared.glosy,
      groups: groupsOf(groupBallots(shared.glosy)),
      attachments: await answer(glosowania.attachments, { params: { id: v.id_glosowania } }),
      tokens: await tokens(
        [...shared.glosy, ...(shared.wyrozniony ? [shared.wyrozniony] : [])].map((b) => b.id_osoby),
        { organ: v.id_organu, kadencja: v.kadencja },
      ),
    };
    return { shared, found };
  },
  render: ({ shared, found }, ctx) => {
    const v = shared.glosowanie;
    const h = shared.wyrozniony;
    const result = resultLine(v.wynik, v.za, v.przeciw);
    const description = h
      ? `${ballotSentence(h.imie_nazwisko, h.glos)} · ${result}`
      : `${formatDate(v.data)}, ${v.organ} · ${result}`;
    return {
      title: titleOf(ctx, v.tytul).text,
      section: 'glosowania',
      description,
      preview: {
        path: sharePath(found.link),
        image: cardPaths.vote(v.id_glosowania, h?.id_osoby),
        imageAlt: description,
      },
      body: (
        <>
          <article class="card">
            <VoteHeading ctx={ctx} raw={v.tytul} />
            {h && (
              <p class="lead hl">
                <strong>{ballotSentence(h.imie_nazwisko, h.glos)}</strong>
                {h.ugrupowanie ? ` (${groupName(ctx, h.ugrupowanie)})` : ''}
                <span class="vh">: {BALLOT_LABEL[ballotOf(h.glos)]}</span>
              </p>
            )}
            <VoteSummaryBlock ctx={ctx} data={found} />
            <p>
              <a href={linkTo(ctx, PAGES.vote, { id: v.id_glosowania })}>Szczegóły głosowania</a>
              {h && (
                <>
                  {' '}
                  ·{' '}
                  <a href={linkTo(ctx, PAGES.councillor, { token: found.tokens.get(h.id_osoby)! })}>
                    Profil: {h.imie_nazwisko}
                  </a>
                </>
              )}{' '}
              <button type="button" class="copy" data-copy={sharePath(found.link)} data-status="copy-status" hidden>
                Kopiuj link
              </button>
              <span id="copy-status" role="status"></span>
            </p>
          </article>
          <h2>Głosy według {ctx.wording.groupsGen}</h2>
          <BallotsByGroup ctx={ctx} data={found} highlight={h?.id_osoby} />
        </>
      ),
    };
  },
});
