import { render, screen } from '@testing-library/react';
import { getStore, portfolioLoadStarted } from '@token-portfolio/shared';
import { publishBootHandoff, type BootHandoff } from '@token-portfolio/shared/boot';
import Header from './Header';

// The portfolio is still loading: the wallet code is not asked for, only the early button.
beforeAll(() => getStore().dispatch(portfolioLoadStarted()));

/** The header on a page whose boot script asked for the sign-in status (its answer). */
function renderHeader(authSession?: Promise<Response>) {
  publishBootHandoff({
    config: new Promise(() => undefined),
    marketAnswers: new Map(),
    ...(authSession ? { authSession } : {}),
  } satisfies BootHandoff);
  return render(<Header />);
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('Header', () => {
  it("holds the wallet button's place from the first render, then shows 'Connect Wallet' once nobody is signed in", async () => {
    let answer: (response: Response) => void = () => undefined;
    renderHeader(new Promise((resolve) => (answer = resolve)));
    expect(screen.getByRole('heading', { name: 'Token Portfolio' })).toBeVisible();
    // The spec: hidden while the sign-in status loads; its place is kept meanwhile.
    expect(screen.getByTestId('wallet-slot')).toBeEmptyDOMElement();
    answer(json({ address: null, chainId: null }));
    expect(await screen.findByRole('button', { name: 'Connect Wallet' })).toBeVisible();
    expect(warn).not.toHaveBeenCalled();
  });

  it('keeps the place empty for a signed-in visitor until the wallet says which account', async () => {
    renderHeader(
      Promise.resolve(json({ address: '0x3003E6f30919bDBF0C10fC3648f8A68746e23Ec6', chainId: 1 })),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'Connect Wallet' })).toBeNull();
  });

  it.each([
    ['answers 404 (a standalone page without the auth API)', new Response('', { status: 404 })],
    ['answers a page, not JSON (a dev server)', new Response('<!doctype html>', { status: 200 })],
  ])(
    'offers the wallet without sign-in, logging nothing, where the server %s',
    async (_, response) => {
      renderHeader(Promise.resolve(response));
      expect(await screen.findByRole('button', { name: 'Connect Wallet' })).toBeVisible();
      expect(warn).not.toHaveBeenCalled();
    },
  );

  it('still offers the wallet, with a warning, when the sign-in status cannot be read', async () => {
    renderHeader(Promise.resolve(new Response('', { status: 503 })));
    expect(await screen.findByRole('button', { name: 'Connect Wallet' })).toBeVisible();
    expect(warn).toHaveBeenCalledWith(
      '[token-portfolio] could not read the sign-in session',
      expect.any(Error),
    );
  });
});
