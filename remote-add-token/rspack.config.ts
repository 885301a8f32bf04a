import { createAppConfig } from '@token-portfolio/shared/build';

export default createAppConfig({
  dir: import.meta.dirname,
  name: 'addToken',
  title: 'Token Portfolio: add token',
  devPort: 3104,
  exposes: { './AddTokenModal': './src/AddTokenModal.tsx', './mount': './src/mount.ts' },
  embedEntry: true,
});
