// The load generator for bench:api, run as its own process so it does not share an event loop with
// a server: autocannon over a list of requests, cycled, printing the figures as JSON.
import autocannon from 'autocannon';

const { url, requests, connections, duration } = JSON.parse(process.argv[2]!) as {
  url: string; requests: Array<{ path: string; headers: Record<string, string> }>; connections: number; duration: number;
};
const result = await autocannon({ url, connections, duration, requests: requests.map((r) => ({ method: 'GET', ...r })) });
console.log(JSON.stringify({
  requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99,
  total: result.requests.total, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts,
  statusCodes: result.statusCodeStats,
}));
