// Sharing from the page: the form on every vote page (for the vote, and from each councillor's row for
// their ballot) and its route, POST /glosowania/:id/udostepnij. Without JavaScript the form posts and
// the answer is a 303 to the new /share/<link>; with it, the site's script posts the same form with
// fetch and copies the link it was sent to (src/site/assets.ts).
//
// Cross-site posting is refused by where the request comes from, not by a token: a browser says so in
// Sec-Fetch-Site (Fetch Metadata), which must be `same-origin`; a browser too old to send it sends
// Origin on every POST, which must be this site's own origin (PUBLIC_URL's, else the scheme and Host
// the request came to: compared, never written anywhere). Pages carry `Referrer-Policy: same-origin`,
// so their own posts send the real Origin rather than `null`. A request with neither header is
// refused too. A token would add nothing here: the pages are cached and shared by every reader, so a
// token in them would be the same for everyone, attacker included.

import type { IncomingMessage, ServerResponse } from 'node:http';
import typeis from 'type-is';
import { type ShareLinks, callHandler } from '../answers/endpoint.ts';
import { glosowania } from '../glosowania/endpoints.ts';
import { type Delivery, HTML_PAGE } from '../http/delivery.ts';
import { HttpError, Reply } from '../http/envelope.ts';
import { idParam } from '../http/params.ts';
import type { PublicUrl } from '../public-url.ts';
import type { SiteHandler } from './answer.ts';
import { bodiesOf } from './page.ts';
import { SiteError } from '../urls/params.ts';
import { shareFormPath } from '../urls/paths.ts';
import { type Wording, wordingOf } from '../text/wording.ts';

const FORM_ID = 'udostepnij';

/** The vote's share form: one button for the vote; councillors' rows add theirs (ShareButton). */
export function ShareForm({ voteId, publicUrl, wording }: { voteId: number; publicUrl: PublicUrl; wording: Wording }) {
  return (
    <section aria-labelledby="h-udostepnij" class="share">
      <h2 id="h-udostepnij">Udostępnij</h2>
      <form id={FORM_ID} method="post" action={shareFormPath(voteId)} data-share="">
        <button type="submit">Utwórz link do tego głosowania</button> <span id="share-status" role="status"></span>
      </form>
      <p class="muted">
        Link prowadzi do strony tego głosowania; link z wiersza {wording.memberGen} wyróżnia jego głos.
        {/* Without PUBLIC_URL there is no preview image; how to set it is the operator's (README), not the reader's. */}
        {publicUrl === null && ' Link nie ma podglądu z obrazkiem w serwisach społecznościowych.'}
      </p>
    </section>
  );
}

/** A councillor's share button, in their row anywhere on the page (it submits the one form). */
export function ShareButton({ personId, name }: { personId: number; name: string }) {
  return (
    <button type="submit" form={FORM_ID} name="id_osoby" value={String(personId)} class="link">
      udostępnij<span class="vh"> głos: {name}</span>
    </button>
  );
}

/** Why a POST is not from a page of this site, or undefined when it is. */
export function crossSiteReason(req: IncomingMessage, ownOrigin: string): string | undefined {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' ? undefined : `Sec-Fetch-Site: ${String(site)}`;
  const origin = req.headers.origin;
  if (origin === undefined) return 'neither Sec-Fetch-Site nor Origin';
  return origin === ownOrigin ? undefined : `Origin: ${origin}`;
}

export interface ShareFormOptions {
  shares: ShareLinks;
  delivery: Delivery;
  publicUrl: PublicUrl;
  protocolOf: (req: IncomingMessage) => 'http' | 'https';
}

/** Express's URL-encoded body parser, as called on node's request. */
type FormParser = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * A form's fields: short (one id), URL-encoded, never anything else. Express's body parser (the one
 * piece of Express on the website's serving path: its limits, charsets and errors are what a form
 * needs), called on node's request as the front hands it over; loaded with the first form posted, not
 * by every server's start (issue 41: Express and body-parser were ~60 ms of a start's CPU).
 */
let urlencoded: Promise<FormParser> | undefined;
const formParser = () =>
  (urlencoded ??= import('express').then(
    ({ default: express }) =>
      express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 4 }) as unknown as FormParser,
  ));
const formFields = async (req: IncomingMessage, res: ServerResponse): Promise<Record<string, unknown>> => {
  const parse = await formParser();
  return new Promise((resolve, reject) =>
    parse(req, res, (error) => {
      if (error) return reject(error);
      // The parser leaves the fields on the request (a plain object; none without a body).
      const body: unknown = Reflect.get(req, 'body');
      resolve(typeof body === 'object' && body !== null ? Object.fromEntries(Object.entries(body)) : {});
    }),
  );
};

/** POST /glosowania/:id/udostepnij: the link of the vote (and a councillor), then a 303 to its page. */
export function shareFormRoute({ shares, delivery, publicUrl, protocolOf }: ShareFormOptions): SiteHandler {
  const ownOrigin = (req: IncomingMessage) =>
    publicUrl === null ? `${protocolOf(req)}://${req.headers.host ?? ''}` : new URL(publicUrl).origin;
  /** Why the post is refused before its body is read (another site's, or not a form), or undefined. */
  const refusal = (req: IncomingMessage): SiteError | undefined => {
    const reason = crossSiteReason(req, ownOrigin(req));
    if (reason)
      return new SiteError(
        403,
        'Link można utworzyć tylko formularzem z tej strony. Wróć do głosowania i użyj przycisku „Utwórz link do tego głosowania” w części „Udostępnij”.',
        reason,
      );
    const length = Number(req.headers['content-length'] ?? 0);
    if (
      (length > 0 || req.headers['transfer-encoding'] !== undefined) &&
      !typeis(req, ['application/x-www-form-urlencoded'])
    ) {
      return new SiteError(415, 'Formularz musi być wysłany jako application/x-www-form-urlencoded.');
    }
    return undefined;
  };
  return async ({ req, res, params, hold }) => {
    const refused = refusal(req);
    if (refused) throw refused;
    const fields = await formFields(req, res);
    const snapshot = hold();
    const w = wordingOf(bodiesOf(snapshot, shares));
    const person = idParam
      .optional()
      .safeParse(typeof fields['id_osoby'] === 'string' && fields['id_osoby'] !== '' ? fields['id_osoby'] : undefined);
    if (!person.success || Array.isArray(fields['id_osoby']))
      throw new SiteError(400, `Pole „id_osoby” musi być numerem ${w.memberGen}.`);
    const endpoint = glosowania.share;
    let reply: Awaited<ReturnType<typeof endpoint.handler>>;
    try {
      const raw = {
        params: { id: String(params['id'] ?? '') },
        body: person.data === undefined ? {} : { id_osoby: person.data },
      };
      reply = await callHandler(endpoint, raw, { queries: snapshot.queries, shares });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.status === 503)
        throw new SiteError(
          503,
          'Linki udostępniania są chwilowo niedostępne. Spróbuj ponownie za chwilę.',
          error.message,
        );
      if (error.status === 400 && person.data !== undefined && /id_osoby/.test(error.message)) {
        throw new SiteError(
          400,
          `Ten ${w.member} nie brał udziału w tym głosowaniu: nie ma głosu do wyróżnienia.`,
          error.message,
        );
      }
      throw new SiteError(
        404,
        error.status === 404 && person.data !== undefined && /councillor/.test(error.message)
          ? `Nie ma takiego ${w.memberGen}.`
          : 'Nie ma takiego głosowania.',
        error.message,
      );
    }
    const { url } = reply instanceof Reply ? reply.data : reply;
    res.setHeader('Location', url);
    delivery.sendUncached(
      res,
      303,
      Buffer.from(
        `<!DOCTYPE html><html lang="pl"><title>Link utworzony</title><p><a href="${url}">${url}</a></p></html>`,
      ),
      HTML_PAGE,
    );
  };
}
