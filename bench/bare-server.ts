// The physical ceiling for bench:api: bare Express 5 answering a constant small JSON on every path.
import express from 'express';

const app = express();
app.disable('x-powered-by');
const body = { success: true, data: { liczba_posiedzen: 146, liczba_glosow: 4000, liczba_radnych: 57, srednia_frekwencja: '91.52' } };
app.use((_req, res) => { res.json(body); });
const server = app.listen(Number(process.env['PORT'] ?? 0), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
