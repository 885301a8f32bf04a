import { renderStandalone } from '@token-portfolio/shared';
import Header from './Header';

renderStandalone(Header);
