import { render, screen } from '@testing-library/react';
import { PortfolioBreakdown } from './PortfolioBreakdown';

describe('PortfolioBreakdown', () => {
  it('says there is nothing to display when no token has a slice', () => {
    render(<PortfolioBreakdown slices={[]} />);
    expect(screen.getByRole('heading', { name: 'Portfolio Breakdown' })).toBeInTheDocument();
    expect(screen.getByText('no holdings to display')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
