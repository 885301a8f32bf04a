import { createAppConfig } from '@token-portfolio/shared/build';

export default createAppConfig({
  dir: import.meta.dirname,
  name: 'watchlist',
  title: 'Token Portfolio: watchlist',
  devPort: 3103,
  exposes: { './Watchlist': './src/Watchlist.tsx', './mount': './src/mount.ts' },
  embedEntry: true,
});
