import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { it } from 'vitest';
import { appOver, buildDatabase } from './support/fixture.ts';
it('peek', async () => {
  const t = appOver(await buildDatabase(fileURLToPath(new URL('../data/sample', import.meta.url))));
  const r = await request(t.app).get('/radni/krzysztof-rutkowski');
  const html = r.text;
  console.log('TOTAL', html.length, Buffer.byteLength(html));
  const topic = html.match(/ · temat: <a href="[^"]*">[^<]*<\/a>/g) ?? [];
  console.log('TOPIC', topic.length, topic.join('').length, topic[0]);
  const trs = html.match(/<tr[^]*?<\/tr>/g) ?? [];
  console.log('TR', trs.length, trs.join('').length, trs[5]);
  for (const m of html.matchAll(/<h2[^>]*>([^<]*)/g)) console.log('H2', m.index, m[1]);
  t.close();
});
