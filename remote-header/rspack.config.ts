import { createRemoteConfig } from '@token-portfolio/shared/build';
import { firstPaintSpeed } from '@token-portfolio/shared/build/first-paint-speed';

export default createRemoteConfig(
  {
    dir: import.meta.dirname,
    name: 'header',
    lazyChunkGroups: {
      // WalletConnect's own modal (AppKit) loads each of its ~75 icons on its own: shown only
      // when a visitor picks WalletConnect, they come in one file (27 KB gzip) so that the
      // entry's chunk table, on every first paint, lists one chunk instead of 75.
      'appkit-icons': /[\\/]@reown[\\/]appkit-ui[\\/]dist[\\/]esm[\\/]src[\\/]assets[\\/]svg[\\/]/,
    },
  },
  firstPaintSpeed,
);
