import { isIPv6 } from 'node:net';

/** The eight hextets of an IPv6 address, via the URL parser's canonical form. */
function hextets(ip: string): number[] {
  // e.g. '::ffff:1.2.3.4' becomes '::ffff:102:304'; a zone id ('%eth0') is dropped first.
  const canonical = new URL(`http://[${ip.replace(/%.*$/, '')}]`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const part = (text: string) => (text ? text.split(':').map((h) => parseInt(h, 16)) : []);
  const before = part(head);
  const after = tail === undefined ? [] : part(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * Who a visitor is for the per-visitor limits: its IPv4 address, or the /64 of its IPv6
 * address (one home or server gets a whole /64, so counting single IPv6 addresses would
 * give one client billions of allowances). IPv4-mapped IPv6 counts as the IPv4 address.
 */
export function visitorKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const words = hextets(ip);
  if (words.slice(0, 5).every((word) => word === 0) && words[5] === 0xffff) {
    const [high = 0, low = 0] = words.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${words
    .slice(0, 4)
    .map((word) => word.toString(16))
    .join(':')}::/64`;
}
