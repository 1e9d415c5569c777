import request from 'supertest';
import { it } from 'vitest';
import { writeBundle } from './support/bundle.ts';
import { appOver, buildDatabase, tempDir, vocabularyFile } from './support/fixture.ts';
import { HAND_COUNCIL, HAND_TOPICS } from './support/hand-council.ts';
it('peek', async () => {
  const dir = tempDir('x-');
  await writeBundle(dir, HAND_COUNCIL);
  const t = appOver(await buildDatabase(dir, 'csv', { topics: vocabularyFile(HAND_TOPICS) }));
  for (const p of (process.env.PEEK ?? '').split(' ')) {
    const r = await request(t.app).get(p);
    console.log('=====', p, r.status);
    console.log(r.text);
  }
  t.close();
});
