// RainbowKit calls window.localStorage directly, unguarded, while rendering and in effects
// (recent wallets, its version, ENS names), and wagmi reads it when its config is made.
// With storage blocked (reading the property throws) or full (every write throws), that
// would take the whole header down. So before the wallet stack starts, an unusable storage
// is put behind one that keeps the wallet libraries' entries in memory for the visit.
// Written here because no library wraps a page's localStorage for third-party code.

/** Our own keys keep failing as before: the wishlist's saving decides and warns itself. */
const OWN_KEY_PREFIX = 'token-portfolio/';
const PROBE_KEY = 'token-portfolio-wallet/probe';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear' | 'key' | 'length'>;

/** What goes wrong with the page's localStorage: null when reading and writing work. */
function storageFault(): { real: Storage | null; error: unknown } | null {
  let real: Storage;
  try {
    real = globalThis.localStorage;
  } catch (error) {
    return { real: null, error };
  }
  try {
    real.setItem(PROBE_KEY, '1');
    real.removeItem(PROBE_KEY);
    return null;
  } catch (error) {
    return { real, error };
  }
}

/** Reads fall through to the real storage (when readable); writes it refuses stay in memory. */
function memoryBackedStorage(real: Storage | null): StorageLike {
  const memory = new Map<string, string>();
  const attempt = <T>(operate: (storage: Storage) => T, fallback: T): T => {
    if (real === null) return fallback;
    try {
      return operate(real);
    } catch {
      return fallback; // warned once, when this storage was put in place
    }
  };
  return {
    get length() {
      return memory.size;
    },
    key: (index) => [...memory.keys()][index] ?? null,
    getItem: (key) => memory.get(key) ?? attempt((storage) => storage.getItem(key), null),
    setItem(key, value) {
      if (key.startsWith(OWN_KEY_PREFIX)) {
        if (real === null) throw new DOMException('Storage is blocked.', 'SecurityError');
        real.setItem(key, value);
        return;
      }
      memory.set(key, String(value));
      attempt((storage) => storage.setItem(key, String(value)), undefined);
    },
    removeItem(key) {
      memory.delete(key);
      attempt((storage) => storage.removeItem(key), undefined);
    },
    clear() {
      memory.clear();
    },
  };
}

/**
 * Makes window.localStorage safe for the wallet libraries when it is blocked or full; a
 * working storage is left alone. Safe to call more than once.
 */
export function guardStorageForWallet(): void {
  const fault = storageFault();
  if (fault === null) return;
  console.warn(
    '[token-portfolio] wallet: browser storage is unavailable; the wallet connection is kept for this visit only:',
    fault.error instanceof Error ? fault.error.message : fault.error,
  );
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: memoryBackedStorage(fault.real),
  });
}
