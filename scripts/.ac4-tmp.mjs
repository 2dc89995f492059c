import autocannon from 'autocannon';
const [base, conns='100', secs='15'] = process.argv.slice(2);
const paths = ['/api/work-requests?page=1&limit=100', '/api/work-requests?page=1&limit=100&q=oprava', '/api/work-requests?page=1&limit=100&q=strachy', '/api/work-requests?page=1&limit=100&q=kosice', '/api/work-requests?page=1&limit=100&category=plumbing'];
let n = 0;
const r = await autocannon({ url: base, connections: Number(conns), duration: Number(secs),
  requests: [{ setupRequest: (req) => ({ ...req, path: paths[n % paths.length], headers: { ...req.headers, 'x-forwarded-for': `10.8.${(n >> 8) & 255}.${n++ & 255}` } }) }] });
console.log('rps', r.requests.average, 'p99', r.latency.p99, 'non2xx', r.non2xx, 'errors', r.errors);
