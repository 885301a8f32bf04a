import { renderStandalone } from '@token-portfolio/shared/standalone';
import Header from './Header';

void renderStandalone('header', Header);
