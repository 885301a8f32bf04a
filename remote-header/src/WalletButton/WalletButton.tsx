import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { ConnectButton } from '@rainbow-me/rainbowkit';
import { button, theme } from '@token-portfolio/shared';
import { connectButton, headerSize } from './buttonStyles';

const group = css`
  ${theme.row};
  gap: 8px;
`;

const hidden = css`
  opacity: 0;
  pointer-events: none;
  user-select: none;
`;

const neutral = css`
  ${button};
  ${headerSize};
  border: 1px solid ${theme.color.border};
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

export interface WalletButtonProps {
  /** Drawn in the button's place until it is ready (the header's early button), else nothing. */
  placeholder?: ReactNode;
  /** 'Connect Wallet' was pressed before the wallet code came: open its dialog once ready. */
  connectRequested?: boolean;
  /**
   * The request is done (called with false): its dialog opened, or none was needed (a
   * wallet turned out connected).
   */
  onConnectOpened?: (requested: false) => void;
}

/**
 * Opens the connect dialog that was asked for (none when a wallet turned out connected).
 * RainbowKit closes its dialogs in its own effect when the status turns 'unauthenticated',
 * which runs after this one in the same render (parents' effects follow their children's),
 * so the dialog is asked for after that, and the request is done once the dialog shows.
 */
function OpenRequested({
  open,
  wanted,
  isOpen,
  onOpened,
}: {
  open: () => void;
  wanted: boolean;
  isOpen: boolean;
  onOpened: (requested: false) => void;
}) {
  useEffect(() => {
    if (!wanted || isOpen) {
      onOpened(false);
      return;
    }
    const timer = setTimeout(open, 0);
    return () => clearTimeout(timer);
  }, [open, wanted, isOpen, onOpened]);
  return null;
}

const noop = () => undefined;

/** The wallet slot holding keyboard focus now (the header's early button in it), if any. */
const focusedWalletSlot = () =>
  document.activeElement?.closest<HTMLElement>('[data-testid="wallet-slot"]') ?? null;

/**
 * Keeps keyboard focus on the slot's button while the wallet code swaps it
 * (docs/product.md#wallet-button): the header's early button gives way to the placeholder,
 * then to the ready button, each a new element, and focus on a removed element falls to
 * <body> (the next Tab starts from the top). The slot is noted at the first render, before
 * React's commit removes the early button; after each commit, focus lost to <body> goes to
 * the slot's button, until the ready button is there or focus has moved elsewhere. In the
 * wallet chunk, not the header: the first paint has no bytes to spare
 * (bench/README.md#the-first-paint-budget).
 */
function KeepSlotFocus({ ready }: { ready: boolean }) {
  const [slot] = useState(focusedWalletSlot);
  const watching = useRef(slot !== null);
  useLayoutEffect(() => {
    if (!slot || !watching.current) return;
    const active = document.activeElement;
    if (!active || active === document.body) slot.querySelector('button')?.focus();
    if (ready || !slot.contains(document.activeElement)) watching.current = false;
  });
  return null;
}

/**
 * The wallet control: RainbowKit keeps the state and the dialogs, we draw the buttons.
 * Disconnected 'Connect Wallet', connected the short account name, 'Wrong network' on a
 * chain the app does not offer. Hidden (and inert) until mounted and while sign-in status
 * loads, or the placeholder in its place.
 */
export function WalletButton({
  placeholder,
  connectRequested = false,
  onConnectOpened = noop,
}: WalletButtonProps) {
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
        connectModalOpen,
      }) => {
        const ready = mounted && authenticationStatus !== 'loading';
        const connected =
          ready &&
          account &&
          chain &&
          (!authenticationStatus || authenticationStatus === 'authenticated');
        const requested = connectRequested && ready && (
          <OpenRequested
            open={openConnectModal}
            wanted={!connected}
            isOpen={connectModalOpen}
            onOpened={onConnectOpened}
          />
        );
        const control =
          !ready && placeholder ? (
            placeholder
          ) : (
            // inert while not ready: invisible buttons must not take focus or clicks either.
            <div css={[group, !ready && hidden]} aria-hidden={!ready} inert={!ready}>
              {requested}
              {!connected ? (
                <button type="button" css={connectButton} onClick={openConnectModal}>
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
        return (
          <>
            {control}
            <KeepSlotFocus ready={ready} />
          </>
        );
      }}
    </ConnectButton.Custom>
  );
}
