import { safeImageUrl } from './safeImageUrl';

describe('safeImageUrl', () => {
  it('accepts http and https addresses', () => {
    expect(safeImageUrl('https://coin-images.example/eth.png')).toBe(
      'https://coin-images.example/eth.png',
    );
    expect(safeImageUrl('http://coin-images.example/eth.png')).toBe(
      'http://coin-images.example/eth.png',
    );
    expect(safeImageUrl('HTTPS://coin-images.example/eth.png')).toBe(
      'HTTPS://coin-images.example/eth.png',
    );
  });

  it('accepts addresses relative to the page, which keep its http(s) scheme', () => {
    expect(safeImageUrl('large.png')).toBe('large.png');
    expect(safeImageUrl('/images/eth.png')).toBe('/images/eth.png');
    expect(safeImageUrl('//cdn.example/eth.png')).toBe('//cdn.example/eth.png');
  });

  it('accepts data:image/ URLs, like the seeded sample coins store', () => {
    const svg =
      'data:image/svg+xml;charset=utf-8,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%22%2F%3E';
    expect(safeImageUrl(svg)).toBe(svg);
    expect(safeImageUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(safeImageUrl('DATA:IMAGE/PNG;base64,iVBORw0KGgo=')).toBe(
      'DATA:IMAGE/PNG;base64,iVBORw0KGgo=',
    );
  });

  it('trims surrounding whitespace', () => {
    expect(safeImageUrl('  https://coin-images.example/eth.png\n')).toBe(
      'https://coin-images.example/eth.png',
    );
  });

  it('rejects every other scheme and non-image data URLs', () => {
    expect(safeImageUrl('javascript:alert(1)')).toBeNull();
    expect(safeImageUrl(' JavaScript:alert(1)')).toBeNull();
    expect(safeImageUrl('java\tscript:alert(1)')).toBeNull();
    expect(safeImageUrl('vbscript:msgbox(1)')).toBeNull();
    expect(safeImageUrl('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(safeImageUrl('data:,image/png')).toBeNull();
    expect(safeImageUrl('file:///etc/passwd')).toBeNull();
    expect(safeImageUrl('ftp://coin-images.example/eth.png')).toBeNull();
    expect(safeImageUrl('blob:https://example.com/1234')).toBeNull();
  });

  it('rejects blanks, unparsable addresses and anything that is not a string', () => {
    expect(safeImageUrl('')).toBeNull();
    expect(safeImageUrl('   ')).toBeNull();
    expect(safeImageUrl('http://[::1')).toBeNull();
    expect(safeImageUrl(null)).toBeNull();
    expect(safeImageUrl(undefined)).toBeNull();
    expect(safeImageUrl(42)).toBeNull();
    expect(safeImageUrl({ href: 'https://coin-images.example/eth.png' })).toBeNull();
  });
});
