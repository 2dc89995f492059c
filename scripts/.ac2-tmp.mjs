import autocannon from 'autocannon';
let n = 0;
const r = await autocannon({ url: 'http://127.0.0.1:3320/api/work-requests/93ebde55-b84c-4061-b517-ffd41aa59bbd', connections: 10, duration: 15,
  headers: { cookie: 'sign_in_device=eyJrZXkiOiJsZm5ESl9VMUZYaTRqZUxRLVo0ZkJVc2NLN2RCdGlwbEpvTGYyM0ZfY1Q0IiwiZXhwIjoxODI3MDIxNjY4fQ.CKmt72P7HWHVB_buH58daPDfIglEMuVNb-GGdLl_tFs; lang=sk; has_session=1; sid=YVtP9WO0fIRqwFdNXKH4ELAYaoibpHj0ZQO2EIb9BAA; csrf_token=zjzfwjv7TN7rCJkSF5eaWkhX.lu_FhbzCmZ8v7tfg_ZqcHD26b6WeWwkh3ZoWlaCQDos; ' },
  requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': `10.9.${(n >> 8) & 255}.${n++ & 255}` } }) }] });
console.log('rps', r.requests.average, 'non2xx', r.non2xx);
