/**
 * The key a client address counts under in rate limits and once-a-window records: an IPv4
 * address itself; an IPv6 address by its /64 network, because one subscriber usually holds a
 * whole /64 and can take a fresh address in it for every request (docs/security.md "Client
 * addresses behind a proxy"). An IPv4 address written as IPv6 (`::ffff:192.0.2.1`, as a
 * dual-stack socket reports it) counts as that IPv4 address. `address` is `request.ip`: the
 * socket's address or the one a trusted proxy named.
 */
export function addressKey(address: string): string {
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  return `${firstGroups(address.split('%')[0]!, 4).join(':')}::/64`;
}

/** The first `count` 16-bit groups of an IPv6 address, each without leading zeros. */
function firstGroups(address: string, count: number): string[] {
  // A trailing dotted IPv4 part (`64:ff9b::192.0.2.1`) holds two groups.
  const groupsOf = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const [head = '', tail] = address.split('::');
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  // Math.max: behind a hop-count TRUST_PROXY a client reaching the app directly names its own
  // address, which need not be well formed; it still gets a key.
  const zeros =
    tail === undefined ? [] : Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...zeros, ...right]
    .slice(0, count)
    .map((group) => Number.parseInt(group, 16).toString(16));
}
