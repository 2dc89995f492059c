import autocannon from 'autocannon';
const [url, conns='100', secs='15'] = process.argv.slice(2);
let n = 0;
const r = await autocannon({ url, connections: Number(conns), duration: Number(secs),
  requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': `10.8.${(n >> 8) & 255}.${n++ & 255}` } }) }] });
console.log('rps', r.requests.average, 'p99', r.latency.p99, 'non2xx', r.non2xx);
