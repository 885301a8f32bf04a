import { createRemoteConfig } from '@token-portfolio/shared/build';

export default createRemoteConfig({ dir: import.meta.dirname, name: 'addToken' });
