/**
 * The file beside each build's mf-manifest.json that the composed server reads to hint a
 * page's scripts, and the host's page to pick a remote's entry
 * (docs/architecture.md#the-first-paint-list). Browser-safe: both import it.
 */
export const FIRST_PAINT_FILE = 'first-paint.json';

/**
 * What a build's first paint needs, as files relative to the build's folder:
 * - entry: the entry script (the host's main.js, a remote's remoteEntry.js);
 * - critical: the chunks of what paints first (the host's bootstrap, a remote's widget),
 *   never a lazy part of it (the header's wallet dialog loads on demand);
 * - consumes: the shared packages those chunks take from the share scope, with what the
 *   packages they take need in turn;
 * - provides: for each package this build can provide, the chunks of its copy;
 * - federated: whether the build is part of a federation at all. A host built without it
 *   (the benchmark's single bundle) loads no remote, so its page hints nothing of one;
 * - runtimeVersion: the federation version a federated build was made with (runtime-core's
 *   and Rspack's). A remote's composed entry runs on the host's federation code only at
 *   the same version; a page loads it only then, and the build's public remoteEntry.js
 *   otherwise (docs/architecture.md#the-version-rule).
 * Which copy of a shared package the page uses is decided by whoever composes the page:
 * the composed server takes the host's when the host provides it.
 */
export interface FirstPaintList {
  version: 1;
  entry: string[];
  critical: string[];
  consumes: string[];
  provides: Record<string, string[]>;
  federated: boolean;
  runtimeVersion?: string;
}

/** A file name of a build, relative to its folder: nothing that could leave it or the tag. */
const BUILD_FILE = /^[\w-]+(?:\.[\w-]+)*\.(?:js|css)$/;

/**
 * A version as semver writes it, with a pre-release and build part (a build's federation
 * version, `2.9.2+rspack.2.2.9`): it may reach the page's config.
 */
const RUNTIME_VERSION = /^\d+\.\d+\.\d+(?:-[\w.-]+)?(?:\+[\w.-]+)?$/;

const isFileList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((file) => typeof file === 'string' && BUILD_FILE.test(file));

/**
 * A first-paint list read from a build (ours or another origin's: untrusted), or null when
 * it is not one. Only file names of the build pass, so nothing else can reach the page.
 */
export function firstPaintListOf(value: unknown): FirstPaintList | null {
  if (typeof value !== 'object' || value === null) return null;
  const { version, entry, critical, consumes, provides, federated, runtimeVersion } =
    value as Record<string, unknown>;
  if (version !== 1 || !isFileList(entry) || !isFileList(critical)) return null;
  if (!Array.isArray(consumes) || !consumes.every((name) => typeof name === 'string')) return null;
  if (typeof provides !== 'object' || provides === null) return null;
  const providers = Object.entries(provides).filter((entry): entry is [string, string[]] =>
    isFileList(entry[1]),
  );
  return {
    version,
    entry,
    critical,
    consumes,
    provides: Object.fromEntries(providers),
    // Lists written before the field existed came from federated builds.
    federated: federated !== false,
    ...(typeof runtimeVersion === 'string' && RUNTIME_VERSION.test(runtimeVersion)
      ? { runtimeVersion }
      : {}),
  };
}

/**
 * The version rule (docs/architecture.md#the-version-rule), one place for the composed server
 * and the page: the build's composed entry runs on the host's federation code, so it is
 * loaded only when the build was made with the host's federation version; null means its
 * public remoteEntry.js.
 * One entry file: a split-off runtime chunk would make it two.
 */
export function composedEntry(
  list: FirstPaintList,
  hostVersion: string | undefined,
): string | null {
  const [entry, ...more] = list.entry;
  const sameVersion = hostVersion !== undefined && list.runtimeVersion === hostVersion;
  return entry !== undefined && more.length === 0 && sameVersion ? entry : null;
}
