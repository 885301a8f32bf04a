import type { Page } from '@playwright/test';
import { numberToHex, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { LOCAL_CHAIN_ID, TEST_WALLET_KEY } from './chain';

interface RpcError {
  code: number;
  message: string;
}
type RpcAnswer = { result: unknown } | { error: RpcError };

const userRejected: RpcError = { code: 4001, message: 'User rejected the request.' };

/**
 * A browser wallet for tests: an EIP-1193 provider announced through EIP-6963 in the
 * page. Its key and state live here in the test process, so they survive reloads; it
 * signs with the local test key (or the key given) and forwards every read to the local node.
 */
export class TestWallet {
  readonly account: PrivateKeyAccount;
  private authorized = false;
  private chainId = LOCAL_CHAIN_ID;
  private rejectSignatures = false;
  private readonly pages = new Set<Page>();

  constructor(
    private readonly rpcUrl: string,
    key: Hex = TEST_WALLET_KEY,
  ) {
    this.account = privateKeyToAccount(key);
  }

  /** Adds the wallet to every document the page loads. */
  async install(page: Page): Promise<void> {
    this.pages.add(page);
    await page.exposeFunction('__testWalletRequest', (method: string, params: unknown[]) =>
      this.request(method, params),
    );
    await page.addInitScript(announceTestWallet);
  }

  /** The user switches networks inside the wallet. */
  async switchChain(chainId: number): Promise<void> {
    this.chainId = chainId;
    await this.emit('chainChanged', numberToHex(chainId));
  }

  /** The user disconnects the site inside the wallet. */
  async disconnect(): Promise<void> {
    this.authorized = false;
    await this.emit('accountsChanged', []);
  }

  /** The user declines every signature request from now on (or accepts again). */
  declineSignatures(decline = true): void {
    this.rejectSignatures = decline;
  }

  private async request(method: string, params: unknown[]): Promise<RpcAnswer> {
    switch (method) {
      case 'eth_accounts':
        // Nothing before the user has connected: otherwise the app reconnects on load.
        return { result: this.authorized ? [this.account.address] : [] };
      case 'eth_requestAccounts':
        this.authorized = true;
        return { result: [this.account.address] };
      case 'eth_chainId':
        return { result: numberToHex(this.chainId) };
      case 'wallet_requestPermissions':
        this.authorized = true;
        return { result: [{ parentCapability: 'eth_accounts' }] };
      case 'wallet_getPermissions':
        return { result: this.authorized ? [{ parentCapability: 'eth_accounts' }] : [] };
      case 'wallet_revokePermissions':
        this.authorized = false;
        return { result: null };
      case 'wallet_switchEthereumChain': {
        const [{ chainId }] = params as [{ chainId: Hex }];
        await this.switchChain(Number(chainId));
        return { result: null };
      }
      case 'personal_sign': {
        if (this.rejectSignatures) return { error: userRejected };
        const [message] = params as [Hex];
        return { result: await this.account.signMessage({ message: { raw: message } }) };
      }
      default:
        return this.forward(method, params);
    }
  }

  private async forward(method: string, params: unknown[]): Promise<RpcAnswer> {
    const response = await fetch(this.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const answer = (await response.json()) as { result?: unknown; error?: RpcError };
    return answer.error ? { error: answer.error } : { result: answer.result ?? null };
  }

  private async emit(event: string, payload: unknown): Promise<void> {
    for (const page of this.pages) {
      await page.evaluate(
        ([name, value]) => (window as unknown as TestWalletWindow).__testWalletEmit(name, value),
        [event, payload] as const,
      );
    }
  }
}

interface TestWalletWindow {
  __testWalletRequest(method: string, params: unknown[]): Promise<RpcAnswer>;
  __testWalletEmit(event: string, payload: unknown): void;
}

/** Runs in the page: the provider object and its EIP-6963 announcement. */
function announceTestWallet() {
  const page = window as unknown as TestWalletWindow;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      const answer = await page.__testWalletRequest(method, params ?? []);
      if ('error' in answer) {
        throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
      }
      return answer.result;
    },
    on(event: string, listener: (payload: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
    },
    removeListener(event: string, listener: (payload: unknown) => void) {
      listeners.get(event)?.delete(listener);
    },
  };
  page.__testWalletEmit = (event, payload) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  const detail = Object.freeze({
    info: {
      uuid: '5f0c5a8e-5d0e-4a53-9b7c-2d3f0f3c7a11',
      name: 'Test Wallet',
      rdns: 'org.token-portfolio.test-wallet',
      icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%23a9e851'/%3E%3C/svg%3E",
    },
    provider,
  });
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}
