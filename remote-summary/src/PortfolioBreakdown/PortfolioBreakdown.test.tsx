import { render, screen, within } from '@testing-library/react';
import { chartColor } from '@token-portfolio/shared';
import { PortfolioBreakdown } from './PortfolioBreakdown';

describe('PortfolioBreakdown', () => {
  it('says there is nothing to display when no token has a slice', () => {
    render(<PortfolioBreakdown slices={[]} />);
    expect(screen.getByRole('heading', { name: 'Portfolio Breakdown' })).toBeInTheDocument();
    expect(screen.getByText('no holdings to display')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('lists the legend by share, largest first, each token keeping its slice colour', () => {
    const slice = (id: string, name: string, value: number, percent: number) => ({
      id,
      name,
      symbol: id,
      value,
      percent,
    });
    render(
      <PortfolioBreakdown
        slices={[
          slice('eth', 'Ethereum', 20, 20),
          slice('bnb', 'BNB', 50, 50),
          slice('sol', 'Solana', 30, 30),
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Breakdown by token' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'BNB (BNB)50.0%',
      'Solana (SOL)30.0%',
      'Ethereum (ETH)20.0%',
    ]);
    // BNB is the donut's second slice: it keeps the second colour.
    expect(within(items[0] as HTMLElement).getByText('BNB (BNB)').parentElement).toHaveStyle({
      color: chartColor(1),
    });
  });
});
