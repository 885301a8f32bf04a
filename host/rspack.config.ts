import { createAppConfig } from '@token-portfolio/shared/build';

export default createAppConfig({
  dir: import.meta.dirname,
  name: 'host',
  title: 'Token Portfolio',
  devPort: 3100,
  runtimePlugins: ['./src/federation/remoteLoadErrors.ts'],
});
