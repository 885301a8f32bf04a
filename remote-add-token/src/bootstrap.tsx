import { renderStandalone } from '@token-portfolio/shared';
import AddTokenModal from './AddTokenModal';

renderStandalone(AddTokenModal);
