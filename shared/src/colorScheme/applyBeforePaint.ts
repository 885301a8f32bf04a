// The composed page's colour scheme before its first paint: a tiny same-origin script in
// the page's head (shared/build/head-script-file.ts), not an inline one, so the page's
// Content-Security-Policy needs no hash or 'unsafe-inline' for it.
import { applyColorScheme, preferredColorScheme } from './colorScheme';

applyColorScheme(preferredColorScheme());
