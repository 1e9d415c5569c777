// The physical limit for bench:api: bare Express 5 (or, with BARE=node, bare node:http) sending the
// service's own answers, byte for byte, from memory — the same bytes the service sends, with none of
// its work. Started with the same number of processes as the service (node:cluster when WORKERS > 1).
//
// Answers come from a file of records: a 4-byte URL length, the URL, a 4-byte body length, the body.

import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import express from 'express';

const workers = Number(process.env['WORKERS'] ?? '1');

function loadAnswers(file: string): Map<string, Buffer> {
  const data = readFileSync(file);
  const answers = new Map<string, Buffer>();
  for (let at = 0; at < data.length;) {
    const urlLength = data.readUInt32LE(at);
    const url = data.toString('utf8', at + 4, at + 4 + urlLength);
    at += 4 + urlLength;
    const bodyLength = data.readUInt32LE(at);
    answers.set(url, data.subarray(at + 4, at + 4 + bodyLength));
    at += 4 + bodyLength;
  }
  return answers;
}

if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    process.exit(0);
  });
} else if (process.env['BARE'] === 'node') {
  const answers = loadAnswers(process.env['ANSWERS']!);
  const server = createServer((req, res) => {
    const body = req.url === '/ready' ? Buffer.from('ok') : answers.get(req.url ?? '');
    if (body === undefined) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(body);
  }).listen(Number(process.env['PORT'] ?? 0), '127.0.0.1');
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  const answers = loadAnswers(process.env['ANSWERS']!);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/ready', (_req, res) => {
    res.end('ok');
  });
  app.use((req, res) => {
    const body = answers.get(req.originalUrl);
    if (body === undefined) {
      res.status(404).end();
      return;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(body);
  });
  const server = app.listen(Number(process.env['PORT'] ?? 0), '127.0.0.1');
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
