import { fireEvent, render, screen } from '@testing-library/react';
import { TokenLogo } from './TokenLogo';

describe('TokenLogo', () => {
  it('tries each image in order, then shows the first letter of the name', () => {
    const { container } = render(
      <TokenLogo images={['large.png', 'thumb.png']} name="solana" shape="circle" />,
    );
    const image = () => container.querySelector('img');
    expect(image()).toHaveAttribute('src', 'large.png');
    fireEvent.error(image()!);
    expect(image()).toHaveAttribute('src', 'thumb.png');
    fireEvent.error(image()!);
    expect(image()).toBeNull();
    expect(screen.getByText('S')).toBeVisible();
  });

  it('shows the first letter when there is no image at all', () => {
    render(<TokenLogo images={[]} name="Bitcoin" shape="circle" />);
    expect(screen.getByText('B')).toBeVisible();
  });

  it('skips unsafe addresses and loads a data:image/ URL', () => {
    const dataUrl = 'data:image/png;base64,iVBORw0KGgo=';
    const { container } = render(
      <TokenLogo
        images={['javascript:alert(1)', 'data:text/html,x', dataUrl]}
        name="Ether"
        shape="circle"
      />,
    );
    expect(container.querySelector('img')).toHaveAttribute('src', dataUrl);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('E')).toBeVisible();
  });
});
