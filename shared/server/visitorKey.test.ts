import { visitorKey } from './visitorKey';

test('an IPv4 visitor is its address', () => {
  expect(visitorKey('203.0.113.7')).toBe('203.0.113.7');
});

test('an IPv4-mapped IPv6 address counts as the IPv4 address', () => {
  expect(visitorKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  expect(visitorKey('::ffff:cb00:7107')).toBe('203.0.113.7');
});

test('IPv6 visitors are counted by their /64, however the address is written', () => {
  const key = visitorKey('2001:db8:1:2::1');
  expect(key).toBe('2001:db8:1:2::/64');
  expect(visitorKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(key);
  expect(visitorKey('2001:DB8:1:2:a::b')).toBe(key);
  expect(visitorKey('2001:db8:1:3::1')).not.toBe(key);
  expect(visitorKey('::1')).toBe('0:0:0:0::/64');
  expect(visitorKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
});
