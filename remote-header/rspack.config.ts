import { createAppConfig } from '@token-portfolio/shared/build';

export default createAppConfig({
  dir: import.meta.dirname,
  name: 'header',
  title: 'Token Portfolio: wallet header',
  devPort: 3101,
  exposes: { './Header': './src/Header.tsx', './mount': './src/mount.ts' },
  embedEntry: true,
});
