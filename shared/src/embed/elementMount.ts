// The `./mount` every remote exposes (docs/embedding.md): it renders the widget through
// its custom element from embed.js, which brings its own React, store code and share
// scope. So mount() works on any page, a partner's Module Federation host on any React
// included, and never runs one React's react-dom against another's react
// (docs/architecture.md#three-build-parts-per-remote). This module imports nothing shared (the remotes list and the
// options' definition are bundled in): loading it asks the page's share scope for nothing.
import { REMOTES, type RemoteName } from '@token-portfolio/shared/remotes';
import type { MountWidget } from '@token-portfolio/widget-types';
import { attributesOf, readOptions, warnAbout } from '@token-portfolio/shared/widget-options';

/** Adds embed.js to the page once; calls back if it fails to load. */
function loadEmbedScript(url: string, onError: () => void): void {
  const loaded = [...document.scripts].find((script) => script.src === url);
  const script = loaded ?? document.createElement('script');
  script.addEventListener('error', onError, { once: true });
  if (loaded) return;
  script.src = url;
  script.async = true;
  document.head.append(script);
}

/**
 * Where the calling remote's container was loaded from. This module is bundled into each
 * remote (it is not a shared package), so it is that remote's own public path.
 */
declare const __webpack_public_path__: string;

/** The remote's embed.js, beside its container. */
const besideContainer = () => new URL('embed.js', __webpack_public_path__).href;

/** mount() for one remote; `embedUrl` names another embed.js (tests). */
export function createElementMount(
  name: RemoteName,
  embedUrl: () => string = besideContainer,
): MountWidget {
  const { element: tagName, label } = REMOTES[name];
  return (slot, given = {}) => {
    const { options, problems } = readOptions(given);
    warnAbout(problems);
    const widget = document.createElement(tagName);
    for (const [attribute, value] of attributesOf(options)) widget.setAttribute(attribute, value);
    slot.append(widget);
    if (!customElements.get(tagName)) {
      loadEmbedScript(embedUrl(), () => {
        if (widget.isConnected) widget.textContent = `${label} is unavailable right now.`;
      });
    }
    return () => widget.remove();
  };
}
