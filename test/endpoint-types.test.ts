// Handlers are typed by their response schema (src/answers/endpoint.ts, `Answer`): a handler that
// drifts from the schema it is documented and checked by fails the type check (npm test's pretest
// runs tsc over the tests), before any contract test runs. The `@ts-expect-error` lines are the
// test: each must be an error, or tsc fails on the unused directive. At run time, the same
// declarations answer what their schemas say.

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AnswerContext, endpoint } from '../src/answers/endpoint.ts';
import { envelope, paged } from '../src/answers/schemas.ts';
import { Reply, pagination } from '../src/http/envelope.ts';

const item = z.strictObject({ id: z.int(), nazwa: z.string(), wynik: z.enum(['przyjęto', 'odrzucono']) });
const base = { method: 'get' as const, path: '/api/x', summary: 'x', tag: 'x', errors: [] };

const plain = endpoint({
  ...base,
  response: envelope(item),
  handler: () => ({ id: 1, nazwa: 'a', wynik: 'przyjęto' as const }),
});
const list = endpoint({
  ...base,
  response: paged(item),
  handler: () => new Reply([{ id: 1, nazwa: 'a', wynik: 'odrzucono' as const }], { pagination: pagination(1, 10, 1) }),
});

endpoint({
  ...base,
  response: envelope(item),
  // @ts-expect-error a field of the schema missing
  handler: () => ({ id: 1, nazwa: 'a' }),
});
endpoint({
  ...base,
  response: envelope(item),
  // @ts-expect-error a field of another type (a result the schema does not allow)
  handler: () => ({ id: 1, nazwa: 'a', wynik: 'nie wiadomo' }),
});
endpoint({
  ...base,
  response: paged(item),
  // @ts-expect-error a paged list answered without its pagination
  handler: () => [{ id: 1, nazwa: 'a', wynik: 'przyjęto' as const }],
});
endpoint({
  ...base,
  response: envelope(item),
  // @ts-expect-error a Promise of the wrong data is as wrong
  handler: async () => ({ id: '1', nazwa: 'a', wynik: 'przyjęto' }),
});

describe('a handler typed by its response schema', () => {
  it('answers what its schema says', async () => {
    const context = {} as AnswerContext; // the handlers here read nothing
    const input = { params: {}, query: {}, body: {} };
    expect(item.parse(await plain.handler(input, context))).toEqual({ id: 1, nazwa: 'a', wynik: 'przyjęto' });
    const page = await list.handler(input, context);
    expect(paged(item).parse({ success: true, data: page.data, ...page.extra }).pagination.total).toBe(1);
  });
});
