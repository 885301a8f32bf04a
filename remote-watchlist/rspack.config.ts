import { createRemoteConfig } from '@token-portfolio/shared/build';
import { firstPaintSpeed } from '@token-portfolio/shared/build/first-paint-speed';

export default createRemoteConfig({ dir: import.meta.dirname, name: 'watchlist' }, firstPaintSpeed);
