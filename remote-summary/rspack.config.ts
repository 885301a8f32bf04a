import { createAppConfig } from '@token-portfolio/shared/build';

export default createAppConfig({
  dir: import.meta.dirname,
  name: 'summary',
  title: 'Token Portfolio: summary',
  devPort: 3102,
  exposes: { './PortfolioSummary': './src/PortfolioSummary.tsx', './mount': './src/mount.ts' },
  embedEntry: true,
});
