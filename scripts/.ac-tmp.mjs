import autocannon from 'autocannon';
const [url, seconds = '10', conns = '10'] = process.argv.slice(2);
let n = 0;
const result = await autocannon({
  url, connections: Number(conns), duration: Number(seconds),
  requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': `10.9.${(n >> 8) & 255}.${n++ & 255}` } }) }],
});
console.log(url, 'rps', result.requests.average, 'p50', result.latency.p50, 'p99', result.latency.p99, 'non2xx', result.non2xx);
