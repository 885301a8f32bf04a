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

  const slice = (id: string, name: string, value: number, percent: number) => ({
    id,
    name,
    symbol: id,
    value,
    percent,
  });

  it('lists the legend by share, largest first, each token keeping its slice colour', () => {
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

  it('past 12 slices, draws the 11 largest tokens and groups the rest as Other', () => {
    // 15 tokens worth 1 to 15: the total is 120, the four smallest (1 to 4) make 10.
    const slices = Array.from({ length: 15 }, (_, index) => {
      const value = index + 1;
      return slice(`t${value}`, `Token ${value}`, value, Math.round((value / 120) * 1000) / 10);
    });
    render(<PortfolioBreakdown slices={slices} />);
    const items = within(screen.getByRole('list', { name: 'Breakdown by token' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'Token 15 (T15)12.5%',
      'Token 14 (T14)11.7%',
      'Token 13 (T13)10.8%',
      'Token 12 (T12)10.0%',
      'Token 11 (T11)9.2%',
      'Token 10 (T10)8.3%',
      'Token 9 (T9)7.5%',
      'Token 8 (T8)6.7%',
      'Token 7 (T7)5.8%',
      'Token 6 (T6)5.0%',
      'Token 5 (T5)4.2%',
      'Other (4 tokens)8.3%',
    ]);
    const donut = screen.getByRole('img', { name: /^Portfolio breakdown: / });
    expect(donut.querySelectorAll('path')).toHaveLength(12);
    expect(donut).toHaveAccessibleName(expect.stringMatching(/, Other \(4 tokens\) 8\.3%$/));
    // The grouped rest is the donut's last slice: the twelfth, whose colour is the third.
    expect(
      within(items[11] as HTMLElement).getByText('Other (4 tokens)').parentElement,
    ).toHaveStyle({ color: chartColor(11) });
  });

  it('draws every token up to 12, and groups from 13 on', () => {
    const tokens = (count: number) =>
      Array.from({ length: count }, (_, index) => slice(`t${index}`, `Token ${index}`, 1, 1));
    const { container, rerender } = render(<PortfolioBreakdown slices={tokens(12)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    expect(container.querySelectorAll('svg path')).toHaveLength(12);
    expect(screen.queryByText(/^Other/)).not.toBeInTheDocument();

    rerender(<PortfolioBreakdown slices={tokens(13)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    expect(container.querySelectorAll('svg path')).toHaveLength(12);
    // Two tokens of 1 in a total of 13.
    expect(screen.getAllByRole('listitem').at(-1)).toHaveTextContent('Other (2 tokens)15.4%');
  });
});
