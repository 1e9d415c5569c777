// The error pages of the website (400, 403, 404, 410, 415, 429, 503, 500): the page frame with a short message in Polish.

import type { PageContext, PageView } from './layout.tsx';
import { PAGES, pagePath } from '../urls/paths.ts';

const HEADINGS: Record<number, string> = {
  400: 'Nieprawidłowy adres',
  403: 'Odmowa',
  404: 'Nie znaleziono strony',
  410: 'Głosowanie usunięte z danych',
  413: 'Za duży formularz',
  415: 'Nieprawidłowy formularz',
  429: 'Za dużo żądań',
  503: 'Dane nie są jeszcze dostępne',
  500: 'Błąd serwera',
};

export function errorPage(ctx: PageContext, status: number, message: string): PageView {
  const heading = HEADINGS[status] ?? 'Błąd';
  return {
    title: heading,
    status,
    body: (
      <>
        <h1>{heading}</h1>
        <p class="lead">{message}</p>
        <p>
          <a href={pagePath(PAGES.home)}>Strona główna</a> · <a href={pagePath(PAGES.votes)}>Wyszukiwarka głosowań</a>
        </p>
      </>
    ),
  };
}
