import { ConfigError, readServerConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    readServerConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('PUBLIC_ORIGIN', () => {
  test('absent: none, so sign-in accepts only the server’s own address', () => {
    expect(readServerConfig({}).publicOrigin).toBeNull();
  });

  test('an http(s) origin is kept as its bare origin', () => {
    expect(readServerConfig({ PUBLIC_ORIGIN: 'https://Portfolio.Example/' }).publicOrigin).toBe(
      'https://portfolio.example',
    );
    expect(readServerConfig({ PUBLIC_ORIGIN: 'http://10.0.0.5:8080' }).publicOrigin).toBe(
      'http://10.0.0.5:8080',
    );
  });

  test.each(['portfolio.example', 'ftp://portfolio.example', 'https://portfolio.example/app'])(
    "'%s' stops the server with a message naming the variable",
    (text) => {
      expect(problemsOf({ PUBLIC_ORIGIN: text })).toEqual([
        expect.stringMatching(/^PUBLIC_ORIGIN must be an http\(s\) origin/),
      ]);
    },
  );

  test('a public HOST without it gets a notice', () => {
    expect(readServerConfig({ HOST: '0.0.0.0' }).notices).toEqual(
      expect.arrayContaining([expect.stringMatching(/^No PUBLIC_ORIGIN/)]),
    );
    expect(readServerConfig({}).notices).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^No PUBLIC_ORIGIN/)]),
    );
  });
});

describe('TRUST_PROXY', () => {
  test('defaults to false; true and false are read', () => {
    expect(readServerConfig({}).trustProxy).toBe(false);
    expect(readServerConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readServerConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  test('anything else stops the server with a message naming the variable', () => {
    expect(problemsOf({ TRUST_PROXY: 'yes' })).toEqual([
      "TRUST_PROXY must be 'true' or 'false', not 'yes'.",
    ]);
  });
});
