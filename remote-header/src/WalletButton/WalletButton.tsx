import { css } from '@emotion/react';
import { ConnectButton } from '@rainbow-me/rainbowkit';
import { button, primaryButton, theme } from '@token-portfolio/shared';

const group = css`
  display: flex;
  align-items: center;
  gap: 8px;
`;

const hidden = css`
  opacity: 0;
  pointer-events: none;
  user-select: none;
`;

// The header's buttons are a little taller and bolder than the widgets' own.
const headerSize = css`
  min-height: 40px;
  font-weight: 600;
`;

const neutral = css`
  ${button};
  ${headerSize};
  border: 1px solid ${theme.color.border};
`;

const primary = css`
  ${primaryButton};
  ${headerSize};
`;

const warning = css`
  ${button};
  ${headerSize};
  background: ${theme.color.loss};
  color: ${theme.color.lossText};
`;

const wideOnly = css`
  ${theme.narrow} {
    display: none;
  }
`;

const balance = css`
  ${wideOnly};
  padding-right: 8px;
  border-right: 1px solid ${theme.color.border};
  font-variant-numeric: tabular-nums;
  color: ${theme.color.text};
`;

const chainIcon = css`
  width: 20px;
  height: 20px;
  border-radius: 50%;
  overflow: hidden;
`;

/**
 * The wallet control: RainbowKit keeps the state and the dialogs, we draw the buttons.
 * Disconnected 'Connect Wallet', connected the short account name, 'Wrong network' on a
 * chain the app does not offer. Hidden (and inert) until mounted and while sign-in status
 * loads.
 */
export function WalletButton() {
  return (
    <ConnectButton.Custom>
      {({
        account,
        chain,
        mounted,
        authenticationStatus,
        openAccountModal,
        openChainModal,
        openConnectModal,
      }) => {
        const ready = mounted && authenticationStatus !== 'loading';
        const connected =
          ready &&
          account &&
          chain &&
          (!authenticationStatus || authenticationStatus === 'authenticated');
        return (
          // inert while not ready: invisible buttons must not take focus or clicks either.
          <div css={[group, !ready && hidden]} aria-hidden={!ready} inert={!ready}>
            {!connected ? (
              <button type="button" css={primary} onClick={openConnectModal}>
                Connect Wallet
              </button>
            ) : chain.unsupported ? (
              <button type="button" css={warning} onClick={openChainModal}>
                Wrong network
              </button>
            ) : (
              <>
                <button
                  type="button"
                  css={neutral}
                  onClick={openChainModal}
                  aria-label={`Network: ${chain.name ?? chain.id}`}
                >
                  {chain.hasIcon && chain.iconUrl && (
                    <img
                      css={chainIcon}
                      style={{ background: chain.iconBackground }}
                      src={chain.iconUrl}
                      alt=""
                    />
                  )}
                  <span css={wideOnly}>{chain.name}</span>
                </button>
                <button type="button" css={neutral} onClick={openAccountModal}>
                  {account.displayBalance && <span css={balance}>{account.displayBalance}</span>}
                  <span>{account.displayName}</span>
                </button>
              </>
            )}
          </div>
        );
      }}
    </ConnectButton.Custom>
  );
}
