import { Suspense, lazy, useEffect, useState } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { css } from '@emotion/react';
import {
  REMOTES,
  button,
  providedRuntimeConfig,
  theme,
  type RemoteName,
} from '@token-portfolio/shared';
import { arrivedWidget, reRegisterRemote, widgetLoad } from './federation/remotes';
import { RemoteUnavailableError } from './federation/remoteLoadErrors';
import { markSlotShown } from './slotsShown';

const card = css`
  ${theme.row};
  justify-content: space-between;
  gap: 16px;
  padding: 16px 20px;
  border: 1px dashed ${theme.color.surfaceRaised};
  border-radius: ${theme.radius.card};
  background: ${theme.color.surface};
  color: ${theme.color.textMuted};
`;

function UnavailableCard({
  name,
  error,
  resetErrorBoundary,
}: FallbackProps & { name: RemoteName }) {
  const incompatible = error instanceof RemoteUnavailableError && error.incompatible;
  return (
    <div css={card} role="alert" data-remote-fallback={name}>
      <ShownMark name={name} />
      <span>
        {incompatible
          ? `${REMOTES[name].label} is unavailable: this version of it does not fit this page.`
          : `${REMOTES[name].label} is unavailable right now.`}
      </span>
      <button type="button" css={button} onClick={resetErrorBoundary}>
        Retry
      </button>
    </div>
  );
}

/** Renders nothing; its effect runs once what it is rendered with is on screen. */
function ShownMark({ name }: { name: RemoteName }) {
  useEffect(() => markSlotShown(name), [name]);
  return null;
}

function lazyWidget(name: RemoteName, retry: boolean) {
  return lazy(() => {
    if (retry) reRegisterRemote(name);
    return widgetLoad(name);
  });
}

interface RemoteSlotProps {
  name: RemoteName;
  /** What shows while the remote's code is on its way (keeps the layout from jumping). */
  placeholder?: React.ReactNode;
}

/**
 * One remote's place on the page, with the options the runtime config gives that widget (its
 * WidgetRoot parses them). A remote that cannot be fetched, or throws while rendering, shows
 * a fallback card with Retry; the rest of the page keeps working.
 */
export function RemoteSlot({ name, placeholder = null }: RemoteSlotProps) {
  // A widget that has arrived renders at once; otherwise a new lazy component per attempt,
  // so Retry loads again instead of reusing the failure.
  const [Widget, setWidget] = useState(
    () => arrivedWidget(name)?.default ?? lazyWidget(name, false),
  );
  return (
    <ErrorBoundary
      fallbackRender={(props) => <UnavailableCard {...props} name={name} />}
      onReset={() => setWidget(() => lazyWidget(name, true))}
    >
      <Suspense fallback={placeholder}>
        <Widget {...providedRuntimeConfig()?.widgetOptions?.[name]} />
        <ShownMark name={name} />
      </Suspense>
    </ErrorBoundary>
  );
}
