// The host page's boot script, inlined in index.html by the build (with its sha256 in
// dist/csp-hashes.json): it runs while the scripts are still on their way. It reads the
// runtime config and sends the watched tokens' price requests and the sign-in status request
// at once; the entry chunk, the price sagas and the header pick them up from the handoff.
import {
  publishBootHandoff,
  readRuntimeConfig,
  startEarlySessionRequest,
  startEarlyPriceRequests,
  type EarlyMarketRequest,
} from '@token-portfolio/shared/boot';

const marketAnswers = new Map<string, EarlyMarketRequest>();
const config = readRuntimeConfig();
config.then(
  ({ market }) => startEarlyPriceRequests(market, marketAnswers),
  () => undefined, // the entry chunk shows that the config could not be read
);
// The sign-in status too, alongside the prices: the wallet button shows with them.
publishBootHandoff({ config, marketAnswers, authSession: startEarlySessionRequest(config) });
