// What a page reads from its request: the query parameters of the website (Polish names, forgiving of
// the empty values a GET form sends for "any"), and the error a page throws for a 400 or a 404.

import type { Request } from 'express';
import { isDateTime } from '../../core/dates.ts';

/** An error page: the site's error handler renders it as HTML with this status. */
export class SiteError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'SiteError';
  }
}

export const notFoundPage = (message: string) => new SiteError(404, message);

/** The query of a request as single strings; an empty value counts as absent (a form's "any"). */
export class Query {
  constructor(private readonly req: Request) {}

  /** The raw value, trimmed; a repeated parameter is a 400. */
  text(name: string, maxLength = 200): string | undefined {
    const value = (this.req.query as Record<string, unknown>)[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw new SiteError(400, `Parametr „${name}” podano więcej niż raz.`);
    const trimmed = value.trim();
    if (trimmed.length > maxLength) throw new SiteError(400, `Parametr „${name}” jest dłuższy niż ${maxLength} znaków.`);
    return trimmed === '' ? undefined : trimmed;
  }

  /** A positive whole number (ids, page numbers). */
  id(name: string): number | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (!/^[1-9]\d{0,15}$/.test(value) || !Number.isSafeInteger(Number(value))) {
      throw new SiteError(400, `Parametr „${name}” musi być dodatnią liczbą całkowitą.`);
    }
    return Number(value);
  }

  page(name = 'strona'): number {
    const page = this.id(name) ?? 1;
    if (page > 1_000_000) throw new SiteError(400, `Parametr „${name}” jest za duży.`);
    return page;
  }

  term(name = 'kadencja'): string | undefined {
    const value = this.text(name);
    if (value !== undefined && !/^\d{4}-\d{4}$/.test(value)) throw new SiteError(400, `Parametr „${name}” musi mieć postać kadencji, np. 2018-2023.`);
    return value;
  }

  date(name: string): string | undefined {
    const value = this.text(name);
    if (value !== undefined && !(/^\d{4}-\d{2}-\d{2}$/.test(value) && isDateTime(value))) {
      throw new SiteError(400, `Parametr „${name}” musi być datą w postaci RRRR-MM-DD.`);
    }
    return value;
  }

  oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    const value = this.text(name);
    if (value !== undefined && !(values as readonly string[]).includes(value)) {
      throw new SiteError(400, `Parametr „${name}” musi mieć jedną z wartości: ${values.join(', ')}.`);
    }
    return value as T | undefined;
  }

  flag(name: string): boolean {
    const value = this.text(name);
    if (value !== undefined && value !== '1') throw new SiteError(400, `Parametr „${name}” może mieć tylko wartość 1.`);
    return value === '1';
  }
}
