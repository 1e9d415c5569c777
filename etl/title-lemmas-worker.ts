// The worker of etl/title-lemmas.ts: reads the Polish dictionary while the build materialises, then
// turns the titles' words it is sent into their lemmas and the lemmas' forms.

import { type MessagePort, workerData } from 'node:worker_threads';
import { lemmaRows, polishLemmatiser } from './title-lemmas.ts';

const { port, signal } = workerData as { port: MessagePort; signal: SharedArrayBuffer };
const done = new Int32Array(signal);
let failure: string | undefined;
let lemmatiser: ReturnType<typeof polishLemmatiser> | undefined;
try {
  lemmatiser = polishLemmatiser();
} catch (error) {
  failure = error instanceof Error ? error.message : String(error);
}
port.on('message', (words: Array<[number, string]>) => {
  try {
    if (lemmatiser === undefined) throw new Error(failure);
    port.postMessage({ rows: lemmaRows(lemmatiser, words) });
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
  // The build waits for this synchronously (Atomics.wait): it cannot take the message as an event.
  Atomics.store(done, 0, 1);
  Atomics.notify(done, 0);
  port.close();
});
