import { createAppConfig } from '@token-portfolio/shared/build';

export default createAppConfig({ dir: import.meta.dirname, name: 'summary' });
