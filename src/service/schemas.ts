// The bodies of /health and /api (./router.ts), in zod like every endpoint's: the OpenAPI document
// describes them from here (src/openapi.ts) and the contract tests check real answers against them.
// /health's refresh and replica members are operational detail: described, but open to new fields.

import { z } from 'zod';
import { count, text } from '../answers/schemas.ts';

/** The service's version, in /health, /api and the OpenAPI document. */
export const VERSION = '2.0.0';

const isoTime = (description: string) => z.string().meta({ description: `${description} (ISO 8601)` });

export const healthBody = z
  .strictObject({
    success: z.boolean().meta({ description: 'true, gdy dane są załadowane' }),
    status: z
      .enum(['ok', 'unavailable'])
      .meta({ description: 'ok albo unavailable (503: dane jeszcze nie załadowane)' }),
    version: text('Wersja API'),
    uptime_s: count('Sekundy od startu procesu'),
    data: z
      .strictObject({
        snapshot: text('Identyfikator migawki danych w użyciu'),
        zaktualizowano: isoTime('Kiedy zbudowano migawkę'),
        liczba_glosowan: count('Głosowania w migawce'),
        najnowsze_glosowanie: z.string().nullable().meta({ description: 'Data najnowszego głosowania (YYYY-MM-DD)' }),
      })
      .nullable()
      .meta({ description: 'Migawka w użyciu; null, gdy jej jeszcze nie ma' }),
    odswiezanie: z
      .looseObject({
        trwa: z.boolean().meta({ description: 'Czy odświeżanie danych właśnie trwa' }),
        ostatnie: z
          .looseObject({})
          .nullable()
          .meta({ description: 'Wynik ostatniego odświeżenia (ok, kiedy, ile sekund, ewentualny błąd)' }),
        pobieranie: z.looseObject({}).nullable().meta({ description: 'Ostatnie pobieranie źródła na żywo' }),
        zrodlo: z.looseObject({}).nullable().meta({ description: 'Źródło, z którego odświeżenie zbuduje dane' }),
      })
      .meta({ description: 'Odświeżanie danych (harmonogram w tym procesie)' }),
    replika: z
      .looseObject({})
      .nullable()
      .meta({ description: 'Replika: śledzony budowniczy i opóźnienie; null poza repliką' }),
    odrzucona: z.string().nullable().meta({
      description:
        'Dlaczego opublikowany plik migawki nie jest serwowany (nie zgadza się z manifestem: rozmiar, SHA-256); null, gdy nic nie odrzucono',
    }),
  })
  .meta({ id: 'Health' });

export const apiIndexBody = z
  .strictObject({
    success: z.literal(true),
    data: z.strictObject({
      nazwa: text('Nazwa usługi'),
      wersja: text('Wersja API'),
      dokumentacja: text('Adres dokumentu OpenAPI'),
      endpoints: z.array(
        z.strictObject({ method: z.enum(['GET', 'POST']), path: text('Ścieżka (parametry jako :nazwa)') }),
      ),
    }),
  })
  .meta({ id: 'ApiIndex' });
